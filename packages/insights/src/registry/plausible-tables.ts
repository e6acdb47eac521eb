import { implausible, quoteValue, timeBounds, type CellKind, type TimeBounds } from '../common/plausibility.js';
import type { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { Insight } from '../types.js';
import { hiveCell } from './registry-analyzer.js';
import type { KeyStore } from './store/key-store.js';

/**
 * The kind of each registry column (INSIGHTS.md §4) whose values decoders produce. Columns not
 * listed (flags, numbers shown as stored, Importance, Reasons) are not judged.
 */
const KINDS: Readonly<Record<string, CellKind>> = {
  'Last Write': 'time',
  'Last Used': 'time',
  'Last Run': 'time',
  'Last Modified': 'time',
  'First Install': 'time',
  'Last Arrival': 'time',
  'Last Removal': 'time',
  'Lease Obtained': 'time',
  'Date Created': 'time',
  'Date Last Connected': 'time',
  'Last Logon': 'time',
  'Password Last Set': 'time',
  'Last Failed Logon': 'time',
  'Account Expires': 'time',
  Path: 'name',
  Program: 'name',
  Item: 'name',
  Key: 'name',
  Value: 'name',
  User: 'name',
  Name: 'name',
  Serial: 'name',
  'Friendly Name': 'name',
  'Profile Name': 'name',
  Interface: 'name',
  Adapter: 'name',
  Target: 'name',
  Details: 'text',
  Data: 'text',
  'Install Location': 'text',
  'Uninstall String': 'text',
  Comment: 'text',
  'Full Name': 'text',
  Description: 'text',
};

/** Columns holding the row's own item (the entry, the program, its run): an implausible one means the row itself is garbage. */
const ITEM_COLUMNS = new Set([
  'Path',
  'Program',
  'Item',
  'Key',
  'Value',
  'Name',
  'Serial',
  'Profile Name',
  'Interface',
  'Last Modified',
  'Last Run',
  'Last Used',
]);
/** An expiry is set ahead of time: only the floor applies. */
const FUTURE_ALLOWED = new Set(['Account Expires']);
// Only times in cell form are decoded times; other text there ("never") is absence.
const CELL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/;

function judge(column: string, cell: string, bounds: TimeBounds): string | null {
  const kind = KINDS[column];
  if (!kind || cell === '') return null;
  if (kind === 'time') {
    if (!CELL_TIME.test(cell)) return null;
    return implausible('time', cell, FUTURE_ALLOWED.has(column) ? { ...bounds, ceiling: Infinity } : bounds);
  }
  const why = implausible(kind, cell, bounds);
  return why && `${why} in ${quoteValue(cell)}`;
}

/**
 * Keeps what no correct decoder emits out of a registry result type's tables (common/plausibility.ts).
 * A row whose item is implausible (its path, name or own time) is dropped; an implausible value
 * beside a sound item (a lease time, a device's removal date) is blanked. Either way the value
 * becomes an item of the job's list, located by its hive, key path and value name (the registry's
 * offset), which File metadata shows. Bounds: 1980 to the newest live key's last write + 1 day.
 */
export function withoutImplausible(insights: Insight[], store: KeyStore, items: ImplausibleItems): Insight[] {
  const bounds = timeBounds(store.latestWrite() === null ? null : Date.parse(store.latestWrite()!.replace(/(\.\d{3})\d+/, '$1')));
  const hives = new Map(store.all().map((h) => [hiveCell(h), h.info.input]));
  const fallback = store.all()[0]?.info.input;
  return insights.map((insight) => {
    if (!('Table' in insight) || !fallback) return insight;
    const { title, data } = insight.Table;
    const [header = [], ...rows] = data;
    const at = (row: string[], column: string): string => row[header.indexOf(column)] ?? '';
    const kept = rows.flatMap((row) => {
      const bad = header.flatMap((column, i) => {
        const why = judge(column, row[i] ?? '', bounds);
        return why ? [{ column, i, why }] : [];
      });
      if (bad.length === 0) return [row];
      const key = at(row, 'Key') || at(row, 'Source');
      // Persistence's Value column names the value; in the configuration tables it is the setting's data.
      const value = header.includes('Key') ? at(row, 'Value') : '';
      const position = at(row, 'Position');
      const offset = `${key}${value ? `\\${value}` : ''}${position ? ` entry ${position}` : ''}` || 'unknown key';
      const input = hives.get(at(row, 'Hive')) ?? fallback;
      for (const b of bad) items.add({ input, structure: `${title} ${b.column}`, offset, reason: b.why });
      if (bad.some((b) => ITEM_COLUMNS.has(b.column))) return [];
      const copy = [...row];
      for (const b of bad) copy[b.i] = '';
      return [copy];
    });
    return { Table: { ...insight.Table, data: [header, ...kept] } };
  });
}
