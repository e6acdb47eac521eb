"""Runs regipy plugins (the reference tool) on one hive and prints their entries as JSON.

usage: regipy_plugins.py HIVE PLUGIN_NAME...

A hive regipy cannot open prints {"__open_error__": message}; a plugin that raises is
{"<plugin>": {"__error__": message}}: the differential comparators explain those, so one failing
plugin never hides the others' entries.
"""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
from regipy.plugins.plugin import PLUGINS  # noqa: E402
from regipy.registry import RegistryHive  # noqa: E402

try:
    hive = RegistryHive(sys.argv[1])
except Exception as e:  # noqa: BLE001 - reported to the comparators, which explain it
    print(json.dumps({"__open_error__": f"{type(e).__name__}: {e}"}))
    sys.exit(0)
wanted = set(sys.argv[2:])
out = {}
for plugin in PLUGINS:
    if plugin.NAME in wanted:
        p = plugin(hive, as_json=True)
        try:
            p.run()
            out[plugin.NAME] = p.entries
        except Exception as e:  # noqa: BLE001
            out[plugin.NAME] = {"__error__": f"{type(e).__name__}: {e}"}
print(json.dumps(out, default=str))
