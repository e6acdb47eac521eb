"""Prints a SOFTWARE hive's ProfileList as libregf (the reference tool) reads it, as JSON.

usage: libregf_profiles.py HIVE

One entry per ProfileList subkey: {"sid": key name, "profile_image_path": the value's text,
"last_written": ISO time}. libregf reads regf 1.1 (Windows NT 3.1) hives, which regipy and the
Debian regfexport do not. REG_EXPAND_SZ data is decoded here from its UTF-16LE bytes up to the NUL.
"""
import json
import sys

import pyregf

PATH = "\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList"

f = pyregf.file()
f.open(sys.argv[1])
key = f.get_key_by_path(PATH)
out = []
for sub in key.sub_keys if key else []:
    path = ""
    for v in sub.values:
        if v.name.lower() == "profileimagepath":
            path = v.data.decode("utf-16-le").split("\x00")[0]
    out.append({"sid": sub.name, "profile_image_path": path, "last_written": sub.last_written_time.isoformat()})
print(json.dumps(out))
