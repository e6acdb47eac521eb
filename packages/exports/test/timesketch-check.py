"""Runs a JSONL file through timesketch-import-client's own per-line processing, no server needed.

ImportStreamer.add_file reads each line (add_json), then _fix_dict fills in a missing message,
timestamp_desc or datetime, normalises datetime and drops keys starting with "_". Nothing is sent
until the buffer is flushed: the entry threshold is set above the line count and close() is never
called. A file that needs no fixing comes out of the client unchanged: that is what is checked.
Prints one JSON object: lines read, events buffered, and the events the client changed.
"""
import json
import sys

from timesketch_import_client import importer


def main(path):
    with open(path, encoding="utf-8") as fh:
        originals = [json.loads(line) for line in fh if line.strip()]
    streamer = importer.ImportStreamer()
    # add_file only checks that a sketch is set; no request is made before a flush.
    streamer._sketch = object()
    streamer.set_entry_threshold(len(originals) + 1)
    streamer.add_file(path)
    buffered = streamer._data_lines
    changed = [
        {"line": i, "before": a, "after": b}
        for i, (a, b) in enumerate(zip(originals, buffered))
        if a != b
    ]
    streamer._reset()
    print(json.dumps({"lines": len(originals), "buffered": len(buffered), "changed": changed[:5], "changedCount": len(changed)}))


if __name__ == "__main__":
    main(sys.argv[1])
