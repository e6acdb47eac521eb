import type { TriageRecord } from '@quarry/insights';
import { evidenceTypes } from '@quarry/vocabulary';
import { encodeMostlyPlain } from '../codec.js';
import { formatUtc } from '../time-format.js';
import { cell, type FieldSql, type RowShape } from './shape.js';

type Cell = string | number | null | undefined;

/** The detail cells: SQL column, detail key (the descriptor's detailKeys, in order) and value. */
const DETAILS: readonly (readonly [column: string, key: string, value: (r: TriageRecord) => Cell])[] = [
  ['artifact', 'Artifact', (r) => r.artifact],
  ['result_type', 'ResultType', (r) => r.resultType],
  ['row_index', 'Row', (r) => r.row],
  ['user_name', 'User', (r) => r.user],
  ['path', 'Path', (r) => r.path],
  ['importance', 'Importance', (r) => r.importance],
  ['sigma_rule', 'SigmaRule', (r) => r.sigmaRule],
  // Where the per-artifact records are: `<type>: field=value; field=value` (the dashboard builds the search from the payload).
  ['records_ref', 'Records', (r) => (r.records ? `${r.records.type}: ${r.records.filters.map((f) => `${f.field}=${f.value}`).join('; ')}` : null)],
];

/** The visible cells before the details: Time, Source, Time Kind, Description. */
const LEADING = ['time_text', 'source', 'time_kind', 'description'] as const;

const scalar = (expr: string): FieldSql => ({ kind: 'scalar', expr, params: [] });

/** Filter field -> column: the descriptor's names and every detail by its key. */
const FIELDS: Record<string, FieldSql> = Object.fromEntries([
  ['source', scalar('source')],
  ['time_kind', scalar('time_kind')],
  ['description', scalar('description')],
  ['user', scalar('user_name')],
  ['path', scalar('path')],
  ['importance', scalar('importance')],
  ['sigma_rule', scalar('sigma_rule')],
  ['artifact', scalar('artifact')],
  ...DETAILS.map(([column, key]) => [`details.${key.toLowerCase()}`, scalar(column)] as const),
]);

/** "Host Timeline": one row per fact, at its one time. */
export const triageShape: RowShape<'triage'> = {
  category: 'triage',
  title: evidenceTypes.triage.search.title,
  columns: evidenceTypes.triage.search.columns,
  sqlColumns: [...LEADING, ...DETAILS.map(([column]) => column)].map((name) => ({ name, type: 'TEXT' as const })),
  indexed: [],
  severalTimes: evidenceTypes.triage.search.time.several,
  rowsOf(record) {
    const leading = [formatUtc(record.time), record.source, record.timeKind, record.description];
    const details = DETAILS.map(([, , value]) => cell(value(record)));
    return [{ time: record.time, values: [...leading, ...details], parts: [...leading.slice(1), ...details].filter((p) => p !== '') }];
  },
  payloadOf(record) {
    // A fact holds text, numbers and null only: the plain stringify, without the tagging replacer's per-key call.
    return encodeMostlyPlain(record);
  },
  entryOf(values) {
    const cells = values.map(cell);
    const details = Object.fromEntries(DETAILS.map(([, key], i) => [key, cells[LEADING.length + i] ?? '']));
    return [cells.slice(0, LEADING.length), details];
  },
  field(name) {
    return FIELDS[name.toLowerCase()];
  },
  rebuilder: () => ({ record: (payload) => payload as TriageRecord }),
};
