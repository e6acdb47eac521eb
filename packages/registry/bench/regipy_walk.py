"""Walks every key of a hive with regipy (reference tool) and prints running counts for the benchmark.

A second argument (seconds) stops the walk there, so a slow run still exits by itself and its CPU
time and peak memory can be measured.
"""
import logging
import sys
import time

from regipy.registry import RegistryHive

logging.disable(logging.CRITICAL)
deadline = time.monotonic() + float(sys.argv[2]) if len(sys.argv) > 2 else None
hive = RegistryHive(sys.argv[1])
for key in hive.recurse_subkeys(as_json=False):
    # One line per key, so a stopped run still shows how far it got.
    print("k 1")
    print(f"v {len(key.values or [])}", flush=False)
    if deadline is not None and time.monotonic() > deadline:
        break
