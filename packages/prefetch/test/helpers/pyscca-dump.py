"""Prints, as JSON, what libscca's Python bindings (pip: libscca-python) read from each file given."""
import json
import sys

import pyscca


def iso(filetime):
    if filetime == 0:
        return None
    import datetime
    seconds, ticks = divmod(filetime - 116444736000000000, 10000000)
    stamp = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
    return stamp.strftime('%Y-%m-%dT%H:%M:%S') + '.%07dZ' % ticks


def view(path):
    f = pyscca.file()
    try:
        f.open(path)
    except OSError:
        return None
    version = f.format_version
    slots = 8 if version >= 26 else 1
    result = {
        'version': version,
        'prefetchHash': '0x%08x' % f.prefetch_hash,
        'executableName': f.executable_filename,
        'runCount': f.run_count,
        'lastRunTimes': [iso(f.get_last_run_time_as_integer(i)) for i in range(slots)],
        'filenames': [f.get_filename(i) for i in range(f.number_of_filenames)],
        'volumes': [],
        'fileMetrics': [],
    }
    for i in range(f.number_of_volumes):
        v = f.get_volume_information(i)
        result['volumes'].append({
            'devicePath': v.device_path,
            'creationTime': iso(v.get_creation_time_as_integer()),
            'serialNumber': v.serial_number,
        })
    for i in range(f.number_of_file_metrics_entries):
        m = f.get_file_metrics_entry(i)
        ref = m.file_reference
        result['fileMetrics'].append({'filename': m.filename, 'fileReference': None if not ref else '0x%016x' % ref})
    f.close()
    return result


print(json.dumps([view(p) for p in sys.argv[1:]]))
