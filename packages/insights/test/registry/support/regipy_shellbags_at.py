"""Runs regipy's NTUSER shellbag plugin (libfwsi shell items) on another BagMRU root and prints its entries as JSON.

regipy reads only Software\\Microsoft\\Windows\\Shell\\BagMRU; Windows XP also keeps local folders in
Software\\Microsoft\\Windows\\ShellNoRoam\\BagMRU, in the same format. The plugin's walk is reused as is.

usage: regipy_shellbags_at.py HIVE BAGMRU_PATH
"""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
from regipy.plugins.ntuser import shellbags_ntuser  # noqa: E402
from regipy.registry import RegistryHive  # noqa: E402

shellbags_ntuser.NTUSER_SHELLBAG = sys.argv[2]
p = shellbags_ntuser.ShellBagNtuserPlugin(RegistryHive(sys.argv[1]), as_json=True)
p.run()
print(json.dumps(p.entries, default=str))
