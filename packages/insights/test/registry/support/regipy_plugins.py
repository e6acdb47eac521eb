"""Runs regipy plugins (the reference tool) on one hive and prints their entries as JSON.

usage: regipy_plugins.py HIVE PLUGIN_NAME...
"""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
from regipy.plugins.plugin import PLUGINS  # noqa: E402
from regipy.registry import RegistryHive  # noqa: E402

hive = RegistryHive(sys.argv[1])
wanted = set(sys.argv[2:])
out = {}
for plugin in PLUGINS:
    if plugin.NAME in wanted:
        p = plugin(hive, as_json=True)
        p.run()
        out[plugin.NAME] = p.entries
print(json.dumps(out, default=str))
