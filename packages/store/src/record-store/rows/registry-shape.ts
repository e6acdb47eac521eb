import { formatUtc, isoToMs } from '../time-format.js';
import { alternatives } from './json-path.js';
import { evidenceTypes } from '@quarry/vocabulary';
import { encodeKey } from './registry-payload.js';
import { keptAsPlace, placeableBytes } from './registry-place.js';
import { registryRebuild, storedHive } from './registry-rebuild.js';
import { renderValue } from './registry-value.js';
import { cell, type FieldSql, type RowShape, type StoredRow } from './shape.js';

// Every field's value (each alternative of Value) is one of the row's text parts (its key's or its
// own), so positive filters narrow through the text index first.
const FIELDS: Record<string, FieldSql> = {
  file_name: { kind: 'scalar', expr: 'recs.file_name', params: [], inParts: true },
  root_key: { kind: 'scalar', expr: 'recs.root_key', params: [], inParts: true },
  key: { kind: 'scalar', expr: 'recs.key', params: [], inParts: true },
  'details.valuetype': { kind: 'scalar', expr: 'rows.value_type', params: [], inParts: true },
  'details.valuename': { kind: 'scalar', expr: 'rows.value_name', params: [], inParts: true },
  'details.value': { kind: 'list', expr: 'value', params: [], inParts: true },
  'details.lastwritetime': { kind: 'scalar', expr: 'recs.last_write', params: [], inParts: true },
};

/**
 * The payload of a key: the id of its hive in the store's hive table, and the key with every value
 * (`k`), or its key node's offset and its path in the hive's stored bytes (`o`, `p`: registry-place.ts).
 */
export type RegistryPayload = { h: number; k: unknown } | { h: number; o: number; p: string };

/**
 * Registry "Registry Table": one row per value, and one row with empty value fields for a key
 * without values. Root Key is the hive's root key name; Key is the path below it ("" for the root
 * itself), as INSIGHTS.md writes key paths. Time is the key's last-write time. The key's cells
 * (file, root, path, last write) are kept once per key (`recs`), not on each of its value rows.
 */
export const registryShape: RowShape<'registry'> = {
  category: 'registry',
  title: 'Registry Table',
  columns: ['File Name', 'Root Key', 'Key', 'Last Write Time', 'Registry Data'],
  recordColumns: [
    { name: 'file_name', type: 'TEXT' },
    { name: 'root_key', type: 'TEXT' },
    { name: 'key', type: 'TEXT' },
    { name: 'last_write', type: 'TEXT' },
  ],
  sqlColumns: [
    { name: 'value_type', type: 'TEXT' },
    { name: 'value_name', type: 'TEXT' },
    { name: 'value', type: 'TEXT' },
  ],
  indexed: ['recs.key'],
  severalTimes: evidenceTypes.registry.search.time.several,
  recordOf({ hive, key }) {
    const cut = key.path.indexOf('\\');
    const root = cut < 0 ? key.path : key.path.slice(0, cut);
    const rel = cut < 0 ? '' : key.path.slice(cut + 1);
    const head = [hive.name, root, rel, formatUtc(isoToMs(key.lastWrite))];
    return { values: head, parts: head };
  },
  rowsOf({ key }) {
    const time = isoToMs(key.lastWrite);
    const row = (type: string, name: string, display: string, others: string[]): StoredRow => ({
      time,
      values: [type, name, alternatives(display, others)],
      parts: [type, name, display, ...others],
    });
    if (key.values.length === 0) return [row('', '', '', [])];
    return key.values.map((v) => {
      const { display, others } = renderValue(v);
      return row(v.type, v.name, display, others);
    });
  },
  payloadOf({ hive, key }, ctx) {
    const h = ctx.sharedId(hive, () => storedHive(hive, ctx));
    // Its place, when its hive's bytes are stored: no JSON of its values to build and compress.
    if (keptAsPlace(key) && placeableBytes(hive)) return `{"h":${h},"o":${key.offset},"p":${JSON.stringify(key.path)}}`;
    return `{"h":${h},"k":${encodeKey(key)}}`;
  },
  entryOf(values) {
    const [file, root, key, lastWrite, type, name, value] = values.map(cell) as string[];
    const display = (JSON.parse(value || '[""]') as string[])[0] ?? '';
    return [[file!, root!, key!, lastWrite!], { ValueType: type!, ValueName: name!, Value: display }];
  },
  field(name) {
    return FIELDS[name.toLowerCase()];
  },
  rebuilder: registryRebuild,
};
