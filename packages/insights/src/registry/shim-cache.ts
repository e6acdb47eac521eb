import { formatTime } from '../common/time-format.js';
import { decodeAppCompatCache, type ShimEntry } from './decoders/appcompatcache/index.js';
import { keyCell } from './format.js';
import { pathVerdict } from './path-verdict.js';
import { hiveCell } from './registry-analyzer.js';
import type { HiveKeys } from './store/hive-keys.js';
import { bin, type SlimKey } from './store/slim-key.js';
import type { Row } from './table.js';

export const SHIM_PATTERN = 'CCS\\Control\\Session Manager\\AppCompatCache';
export const SHIM_COLUMNS = [
  'Position',
  'Path',
  'Last Modified',
  'Executed',
  'Control Sets',
  'Current',
  'Importance',
  'Reasons',
  'Hive',
  'Key',
  'Last Write',
  'Deleted',
];
export const SHIM_NOTE_COLUMNS = ['Hive', 'Key', 'Note'];

const setName = (n: number): string => `ControlSet${String(n).padStart(3, '0')}`;

/** One cache entry with the control sets that hold it; provenance from the first set read (the current one when it has it). */
interface Merged {
  entry: ShimEntry;
  sets: number[];
  key: SlimKey;
}

/**
 * The AppCompatCache of every ControlSet00n of one SYSTEM hive, decoded, with entries that several
 * sets hold (same path and time) shown once. The current set (Select\Current) is read first, so
 * its positions and key are the ones shown when it holds the entry.
 */
function hiveEntries(h: HiveKeys, notes: Row[]): Merged[] {
  const current = h.currentControlSet;
  const sets = [current, ...h.controlSets().filter((n) => n !== current)];
  const merged = new Map<string, Merged>();
  const out: Merged[] = [];
  for (const n of sets) {
    const key = h.key(`${setName(n)}\\Control\\Session Manager\\AppCompatCache`);
    const data = bin(key, 'AppCompatCache');
    if (!key || !data) continue;
    const value = decodeAppCompatCache(data);
    const note = (text: string): number => notes.push({ cells: { Hive: hiveCell(h), Key: keyCell(h, key), Note: text } });
    for (const w of value.warnings) note(value.format === 'unknown' ? w : `${value.format}: ${w}`);
    if (value.entries.length === 0 && value.warnings.length === 0) note(`${value.format}: the cache holds no entries`);
    for (const e of value.entries) {
      const id = `${e.path}\0${e.lastModified ?? ''}`;
      const seen = merged.get(id);
      if (seen && !seen.sets.includes(n)) {
        seen.sets.push(n);
        continue;
      }
      const m: Merged = { entry: e, sets: [n], key };
      if (!seen) merged.set(id, m);
      out.push(m);
    }
  }
  return out.map((m) => ({ ...m, sets: [...m.sets].sort((a, b) => a - b) }));
}

/** The "Application Data: ShimCache" rows of the SYSTEM hives, and its notes (what could not be decoded). */
export function shimCacheRows(systemHives: readonly HiveKeys[]): { rows: Row[]; notes: Row[] } {
  const rows: Row[] = [];
  const notes: Row[] = [];
  for (const h of systemHives) {
    const current = h.currentControlSet;
    for (const { entry: e, sets, key } of hiveEntries(h, notes)) {
      const path = e.path.replace(/^\\\?\?\\/, '');
      const v = pathVerdict(path);
      rows.push({
        cells: {
          Position: String(e.position),
          Path: path,
          'Last Modified': formatTime(e.lastModified),
          Executed: e.executed === null ? '' : e.executed ? 'yes' : 'no',
          'Control Sets': sets.map(setName).join(', '),
          Current: sets.includes(current) ? 'yes' : '',
          Reasons: v.text,
          Hive: hiveCell(h),
          Key: keyCell(h, key),
          'Last Write': formatTime(key.lastWrite),
          Deleted: key.deleted ? 'yes' : '',
        },
        importance: v.importance,
        time: null,
      });
    }
  }
  return { rows, notes };
}
