import { FILTER_OPERATORS, PAGE_BOUNDS, SHOW_BOUNDS, boundsMessage, isWithin, type FilterOperator } from '@quarry/vocabulary';
import { RecordStoreError } from './errors.js';
import { SHORT_VALUE, type AnyShape, type FieldSql } from './rows/shape.js';
import { indexCanNarrow } from './text-index.js';
import { spreadTrigrams } from './trigram-index.js';

export interface RecordFilter {
  field: string;
  operator: FilterOperator;
  value: string;
}

/** What to match: every part is ANDed. An empty `search` matches every row (time-window browsing). */
export interface RecordQuery {
  search: string;
  filters?: readonly RecordFilter[];
  /** Unix ms, inclusive. */
  startTime?: number;
  /** Unix ms, inclusive. */
  endTime?: number;
}

export interface SearchQuery extends RecordQuery {
  /** 1-10. */
  page: number;
  /** 1-100. */
  show: number;
}

/** A WHERE clause over `rows` and its parameters, in order. */
export interface Where {
  sql: string;
  params: unknown[];
}

/**
 * What a query asks of the rows: `where`, the exact condition; `needles`, lowercased texts every
 * matching row's text holds (the search text, and the values positive filters name in the row's
 * parts), which the trigram index can narrow the rows by before `where` checks them.
 */
export interface QueryPlan {
  where: Where;
  needles: string[];
  /**
   * EVTX message templates whose text holds the search: their rows match without holding the
   * text, so the rows narrowed to are those of the needles' groups and those with these templates.
   */
  templateIds: number[];
  /** Conditions a column index answers (positive equals / starts_with on an indexed column): another way to narrow. */
  indexed: Where[];
  /** EVTX `details.<name> equals value` filters with a short value (pair slots or the pairs table narrow them): name and value as given. */
  pairs: [name: string, value: string][];
}

/** Characters JSON.stringify writes escaped: `"`, `\`, C0 controls, lone surrogates. */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** LIKE pattern text matching `s` literally (with ESCAPE '\'). */
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One comparison of `expr`, positive form; LIKE and NOCASE both fold ASCII letters only. */
function compare(expr: string, op: FilterOperator, value: string): Where {
  switch (op) {
    case 'equals':
    case 'not_equals':
      return { sql: `${expr} = ? COLLATE NOCASE`, params: [value] };
    case 'contains':
    case 'does_not_contain':
      return { sql: `${expr} LIKE ? ESCAPE '\\'`, params: [`%${escapeLike(value)}%`] };
    case 'starts_with':
      return { sql: `${expr} LIKE ? ESCAPE '\\'`, params: [`${escapeLike(value)}%`] };
    case 'ends_with':
      return { sql: `${expr} LIKE ? ESCAPE '\\'`, params: [`%${escapeLike(value)}`] };
  }
}

/**
 * A filter on one field. Negative operators are the negation of their positive twin, so on a list
 * field (alternatives) a positive operator holds when any alternative matches, a negative one
 * when none does. A missing value is "", so `not_equals x` keeps rows without the field.
 */
function filterSql(field: FieldSql, f: RecordFilter): Where {
  const negate = f.operator === 'not_equals' || f.operator === 'does_not_contain';
  const c = field.kind === 'scalar' ? compare(field.expr, f.operator, f.value) : compare('alt.value', f.operator, f.value);
  if (field.kind === 'scalar') return { sql: negate ? `NOT (${c.sql})` : c.sql, params: [...field.params, ...c.params] };
  // Qualified names: a list column may itself be called "value", like json_each's own column.
  let positive = `EXISTS (SELECT 1 FROM json_each(rows.${field.expr}) AS alt WHERE ${c.sql})`;
  const params = [...field.params, ...c.params];
  // An item holding the value means the list's JSON text holds it too, unless JSON escapes one of
  // its characters: a LIKE over the text first skips parsing the JSON of nearly every row.
  if (f.value !== '' && !JSON_ESCAPED.test(f.value)) {
    positive = `rows.${field.expr} LIKE ? ESCAPE '\\' AND ${positive}`;
    params.unshift(`%${escapeLike(f.value)}%`);
  }
  return { sql: negate ? `NOT (${positive})` : positive, params };
}

/**
 * What a positive filter on a field held in the row's text parts implies about the row's text: it
 * holds a part (between newlines in the index's documents) equal to, starting with, ending with or
 * containing the value. Whatever case LIKE and NOCASE fold, lowercasing both sides keeps it true.
 */
function filterNeedle(field: FieldSql, f: RecordFilter): string | undefined {
  if (!field.inParts || f.value === '') return undefined;
  const v = f.value.toLowerCase();
  switch (f.operator) {
    case 'equals':
      return `\n${v}\n`;
    case 'starts_with':
      return `\n${v}`;
    case 'ends_with':
      return `${v}\n`;
    case 'contains':
      return v;
    default:
      return undefined;
  }
}

/** A row's searchable text: its own, after its record's shared cells' when the shape keeps those apart (recs). */
export const rowText = (shape: Pick<AnyShape, 'recordColumns'>): string => (shape.recordColumns ? 'recs.text || char(10) || rows.text' : 'rows.text');

/**
 * `search` over each row's text: a case-insensitive substring of the row's parts (both sides
 * lowercased), checked on the row's text (`rowText`); the trigram index narrows the rows first when
 * the text has 3 characters or more. EVTX rows also match through their message template's text.
 */
function searchSql(shape: AnyShape, search: string, templateIds: readonly number[]): Where {
  const lowered = search.toLowerCase();
  // Without a newline the search cannot span the record's text and the row's: each is checked on
  // its own, which spares building their concatenation for every row.
  const text: Where =
    shape.recordColumns && !lowered.includes('\n')
      ? { sql: '(instr(rows.text, ?) > 0 OR instr(recs.text, ?) > 0)', params: [lowered, lowered] }
      : { sql: `instr(${rowText(shape)}, ?) > 0`, params: [lowered] };
  if (templateIds.length === 0) return text;
  return { sql: `(${text.sql} OR rows.template IN (${templateIds.map(() => '?').join(', ')}))`, params: [...text.params, ...templateIds] };
}

function timeSql(shape: AnyShape, start: number | undefined, end: number | undefined): Where | undefined {
  if (start === undefined && end === undefined) return undefined;
  for (const t of [start, end]) {
    if (t !== undefined && !Number.isSafeInteger(t)) throw new RecordStoreError('invalid-query', 'start_time and end_time must be integers (Unix ms)');
  }
  if (start !== undefined && end !== undefined && start > end) throw new RecordStoreError('invalid-query', 'Invalid time range');
  const lo = start ?? Number.MIN_SAFE_INTEGER;
  const hi = end ?? Number.MAX_SAFE_INTEGER;
  // A row with several times (prefetch runs) is in the window when any of them is.
  if (shape.severalTimes) return { sql: 'EXISTS (SELECT 1 FROM times WHERE times.row = rows.id AND times.time BETWEEN ? AND ?)', params: [lo, hi] };
  return { sql: 'rows.time BETWEEN ? AND ?', params: [lo, hi] };
}

/**
 * What the index documents hold of a search's matches. The parts of a row's text are separate in
 * the documents (each between newlines, not beside its row neighbours), so a search holding
 * newlines is taken piece by piece: the first piece ends a part, the last begins one, and each
 * piece between is a whole part.
 */
function searchNeedles(lowered: string): string[] {
  const pieces = lowered.split('\n');
  if (pieces.length === 1) return [lowered];
  const last = pieces.length - 1;
  return pieces.map((p, i) => (i === 0 ? `${p}\n` : i === last ? `\n${p}` : `\n${p}\n`)).filter((n) => n.replace(/\n/g, '') !== '');
}

/**
 * The plan of a query; throws RecordStoreError for an unknown field or a bad time range.
 * `templatesMatching` gives the ids of the EVTX message templates whose text holds a search.
 */
export function planOf(shape: AnyShape, q: RecordQuery, templatesMatching: (lowered: string) => number[] = () => []): QueryPlan {
  const parts: Where[] = [];
  const needles: string[] = [];
  let templateIds: number[] = [];
  const indexed: Where[] = [];
  const pairs: [string, string][] = [];
  if (q.search !== '') {
    templateIds = templatesMatching(q.search.toLowerCase());
    parts.push(searchSql(shape, q.search, templateIds));
    needles.push(...searchNeedles(q.search.toLowerCase()));
  }
  const t = timeSql(shape, q.startTime, q.endTime);
  if (t) parts.push(t);
  for (const f of q.filters ?? []) {
    const field = shape.field(f.field);
    if (!field) throw new RecordStoreError('unknown-field', `Unknown filter field: ${f.field}`);
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.operator))
      throw new RecordStoreError('invalid-query', `Unknown filter operator: ${String(f.operator)}`);
    const sql = filterSql(field, f);
    parts.push(sql);
    if (
      field.kind === 'scalar' &&
      field.params.length === 0 &&
      shape.indexed.includes(field.expr) &&
      f.value !== '' &&
      (f.operator === 'equals' || f.operator === 'starts_with')
    )
      indexed.push(sql);
    if (field.kind === 'scalar' && field.pair !== undefined && f.operator === 'equals' && f.value !== '' && f.value.length <= SHORT_VALUE) {
      pairs.push([field.pair, f.value]);
    }
    const needle = filterNeedle(field, f);
    if (needle !== undefined) needles.push(needle);
  }
  const where = parts.length === 0 ? { sql: '1', params: [] } : { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
  return { where, needles, templateIds, indexed, pairs };
}

/**
 * The FTS5 query finding, in a store of format 5-8, the text groups that may hold every needle:
 * all of each needle's trigrams (the index keeps no positions, so no phrases), or undefined when
 * no needle has one (or the index cannot narrow by it: text-index.ts). Format 9's index is
 * trigram-index.ts.
 */
export function trigramQuery(needles: readonly string[]): string | undefined {
  const terms = new Set<string>();
  for (const n of needles) {
    if (!indexCanNarrow(n)) continue;
    const chars = [...n];
    for (const i of spreadTrigrams(chars.length - 2)) terms.add(chars.slice(i, i + 3).join(''));
  }
  if (terms.size === 0) return undefined;
  return [...terms].map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
}

/** Checks page and show as the spec bounds them. */
export function checkPage(q: SearchQuery): void {
  if (!isWithin(q.page, PAGE_BOUNDS)) throw new RecordStoreError('invalid-query', boundsMessage('page', PAGE_BOUNDS));
  if (!isWithin(q.show, SHOW_BOUNDS)) throw new RecordStoreError('invalid-query', boundsMessage('show', SHOW_BOUNDS));
}
