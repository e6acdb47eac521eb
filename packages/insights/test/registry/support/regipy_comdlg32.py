"""Open/Save dialog MRUs of an NTUSER hive decoded with regipy's cell reader and libfwsi (pyfwsi) shell items.

regipy's comdlg32 and recentdocs plugins yield nothing on every sample hive (their value data arrives
as hex text, which their byte parsers skip), so this reads the values itself and names each PIDL's
path segments with regipy's own ShellBag segment naming.

usage: regipy_comdlg32.py HIVE
prints: [{"key": "<path below ComDlg32>", "value": "<value name>", "program": str|null, "path": str}]
"""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
import pyfwsi  # noqa: E402
from regipy.exceptions import RegistryKeyNotFoundException  # noqa: E402
from regipy.plugins.ntuser.shellbags_ntuser import ShellBagNtuserPlugin  # noqa: E402
from regipy.registry import RegistryHive  # noqa: E402

ROOT = r"\Software\Microsoft\Windows\CurrentVersion\Explorer\ComDlg32"
hive = RegistryHive(sys.argv[1])
plugin = ShellBagNtuserPlugin(hive, as_json=True)


def pidl_path(data):
    items = pyfwsi.item_list()
    items.copy_from_byte_stream(data, ascii_codepage="cp1252")
    return "\\".join(plugin._parse_shell_item_path_segment(plugin, item)[0] for item in items.items)


def values(path):
    try:
        key = hive.get_key(path)
    except RegistryKeyNotFoundException:
        return
    for v in key.iter_values(as_json=False, trim_values=False):
        if v.name.isdigit():
            yield key, v


out = []
try:
    subkeys = [s.name for s in hive.get_key(ROOT + r"\OpenSavePidlMRU").iter_subkeys()]
except RegistryKeyNotFoundException:
    subkeys = []
for name in subkeys:
    for key, v in values(ROOT + "\\OpenSavePidlMRU\\" + name):
        out.append({"key": "OpenSavePidlMRU\\" + name, "value": v.name, "program": None, "path": pidl_path(v.value)})
for key, v in values(ROOT + r"\LastVisitedPidlMRU"):
    data = v.value
    end = next(i for i in range(0, len(data) - 1, 2) if data[i] == 0 and data[i + 1] == 0)
    out.append({"key": "LastVisitedPidlMRU", "value": v.name, "program": data[:end].decode("utf-16-le"), "path": pidl_path(data[end + 2 :])})
print(json.dumps(out))
