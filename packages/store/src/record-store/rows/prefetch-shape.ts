import type { PrefetchResult } from '@quarry/prefetch';
import { evidenceTypes } from '@quarry/vocabulary';
import { encodeTagged } from '../codec.js';
import { formatUtc, isoToMs } from '../time-format.js';
import { alternatives } from './json-path.js';
import { cell, type FieldSql, type RowShape } from './shape.js';

/** Filter field -> column. The list fields hold JSON arrays of alternatives (see alternatives()). */
const FIELDS: Record<string, FieldSql> = {
  prefetch_file: { kind: 'scalar', expr: 'prefetch_file', params: [] },
  file_name: { kind: 'scalar', expr: 'file_name', params: [] },
  file_path: { kind: 'scalar', expr: 'file_path', params: [] },
  version: { kind: 'scalar', expr: 'version', params: [] },
  'details.version': { kind: 'scalar', expr: 'version', params: [] },
  'details.count': { kind: 'scalar', expr: 'run_count', params: [] },
  'details.runtimes': { kind: 'list', expr: 'run_times', params: [] },
  'details.modules': { kind: 'list', expr: 'modules', params: [] },
  'details.volumes': { kind: 'list', expr: 'volumes', params: [] },
};

/** The executable's full path: the loaded file that is the executable itself, else the path its hash was computed from. */
function executablePath(r: PrefetchResult): string {
  const tail = `\\${r.executableName.toLowerCase()}`;
  const own = r.fileMetrics.find((m) => (m.displayPath || m.filename || '').toLowerCase().endsWith(tail));
  return own ? own.displayPath || own.filename || '' : (r.hashCheck.executablePath ?? '');
}

/** "\VOLUME{…} (serial 0123ABCD)": the device path with the serial number tools show beside it. */
function volumeText(v: PrefetchResult['volumes'][number]): string {
  return `${v.devicePath} (serial ${v.serialNumber.toString(16).toUpperCase().padStart(8, '0')})`;
}

/**
 * Prefetch "Prefetch Table": one row per prefetch file. Its time is every recorded run time (a
 * window matches when any falls in it); it sorts by the most recent. Lists are shown joined with
 * ", " (INSIGHTS.md's list form) and filter item by item as well as whole.
 */
export const prefetchShape: RowShape<'prefetch'> = {
  category: 'prefetch',
  title: 'Prefetch Table',
  columns: ['Prefetch File', 'File Name', 'File Path', 'Prefetch Data'],
  sqlColumns: [
    { name: 'prefetch_file', type: 'TEXT' },
    { name: 'file_name', type: 'TEXT' },
    { name: 'file_path', type: 'TEXT' },
    { name: 'version', type: 'TEXT' },
    { name: 'run_count', type: 'TEXT' },
    { name: 'run_times', type: 'TEXT' },
    { name: 'modules', type: 'TEXT' },
    { name: 'volumes', type: 'TEXT' },
  ],
  indexed: [],
  // Every recorded run time is a row time (schema.ts `times`).
  severalTimes: evidenceTypes.prefetch.search.time.several,
  rowsOf({ result: r }, input) {
    const times = r.lastRunTimes.flatMap((t) => {
      const ms = isoToMs(t);
      return ms === null ? [] : [ms];
    });
    const runTimes = times.map(formatUtc);
    const modules = r.fileMetrics.map((m) => m.displayPath || m.filename || '').filter((m) => m !== '');
    const volumes = r.volumes.map(volumeText);
    const file = r.fileName ?? input.name;
    const path = executablePath(r);
    const version = String(r.version);
    const count = String(r.runCount);
    return [
      {
        time: times.length ? Math.max(...times) : null,
        times,
        values: [
          file,
          r.executableName,
          path,
          version,
          count,
          alternatives(runTimes.join(', '), runTimes),
          alternatives(modules.join(', '), modules),
          alternatives(volumes.join(', '), volumes),
        ],
        parts: [file, r.executableName, path, version, count, ...runTimes, ...modules, ...volumes],
      },
    ];
  },
  payloadOf(record) {
    return encodeTagged(record.result);
  },
  entryOf(values) {
    const [file, name, path, version, count, runTimes, modules, volumes] = values.map(cell) as string[];
    const display = (alts: string): string => (JSON.parse(alts) as string[])[0] ?? '';
    return [[file!, name!, path!], { Count: count!, RunTimes: display(runTimes!), Modules: display(modules!), Volumes: display(volumes!), Version: version! }];
  },
  field(name) {
    return FIELDS[name.toLowerCase()];
  },
  rebuilder: () => ({ record: (payload) => ({ result: payload as PrefetchResult }) }),
};
