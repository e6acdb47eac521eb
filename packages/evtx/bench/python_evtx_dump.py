"""Writes every record of an EVTX file as XML with python-evtx (reference tool), for the benchmark.

The package's own console scripts do not start (they import a module it does not ship), so this
does what its evtx_dump does. A second argument (seconds) stops there, so a slow run still exits by
itself; the number of records written goes to stderr.
"""
import sys
import time

from Evtx.Evtx import Evtx

deadline = time.monotonic() + float(sys.argv[2]) if len(sys.argv) > 2 else None
count = 0
with Evtx(sys.argv[1]) as log:
    for record in log.records():
        sys.stdout.write(record.xml())
        count += 1
        if deadline is not None and time.monotonic() > deadline:
            break
print(count, file=sys.stderr)
