"""Walks every key of a hive with regipy (reference tool) and prints running counts for the benchmark."""
import logging
import sys

from regipy.registry import RegistryHive

logging.disable(logging.CRITICAL)
hive = RegistryHive(sys.argv[1])
for key in hive.recurse_subkeys(as_json=False):
    # One line per key, so a timed-out run still shows how far it got.
    print("k 1")
    print(f"v {len(key.values or [])}", flush=False)
