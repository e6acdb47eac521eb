"""Decodes raw AppCompatCache values with regipy's copy of Mandiant's ShimCacheParser.

usage: regipy_shimcache_value.py FILE...   (prints {file: entries | {"__error__": message}})
"""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
from regipy.plugins.system.external.ShimCacheParser import get_shimcache_entries  # noqa: E402

out = {}
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        data = f.read()
    try:
        out[path] = list(get_shimcache_entries(data, as_json=True) or [])
    except Exception as e:  # noqa: BLE001
        out[path] = {"__error__": f"{type(e).__name__}: {e}"}
print(json.dumps(out, default=str))
