"""Replays transaction logs with regipy (reference tool) and writes the restored hive.

usage: regipy_replay.py HIVE OUT LOG1 [LOG2]

regipy leaves the base block checksum stale after replay, so it is recomputed here (XOR-32 of the
first 508 bytes) to let regfexport open the result; nothing else is changed.
"""
import struct
import sys

from regipy.recovery import apply_transaction_logs

hive, out, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
apply_transaction_logs(hive, logs[0], logs[1] if len(logs) > 1 else None, restored_hive_path=out)
with open(out, "r+b") as f:
    head = bytearray(f.read(512))
    checksum = 0
    for (dword,) in struct.iter_unpack("<I", bytes(head[:508])):
        checksum ^= dword
    f.seek(508)
    f.write(struct.pack("<I", checksum))
