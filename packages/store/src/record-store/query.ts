import { RecordStoreError } from './errors.js';
import type { AnyShape, FieldSql } from './rows/shape.js';

/** The spec's filter operators (Filter criterion). */
export const FILTER_OPERATORS = ['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

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
  // Qualified names: a list column may itself be called "value", like json_each's own column.
  const positive = field.kind === 'scalar' ? c.sql : `EXISTS (SELECT 1 FROM json_each(rows.${field.expr}) AS alt WHERE ${c.sql})`;
  return { sql: negate ? `NOT (${positive})` : positive, params: [...field.params, ...c.params] };
}

/** FTS5 phrase of the search text: the trigram tokenizer makes it a case-insensitive substring match. */
const phrase = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/**
 * `search` over each row's text: a trigram index lookup from 3 characters on, a scan of the texts
 * below that (the index has nothing shorter than a trigram). EVTX rows also match through their
 * message template's text.
 */
function searchSql(shape: AnyShape, search: string): Where | undefined {
  if (search === '') return undefined;
  const long = [...search].length >= 3;
  const text: Where = long
    ? { sql: 'rows.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [phrase(search)] }
    : { sql: "rows.id IN (SELECT id FROM texts WHERE text LIKE ? ESCAPE '\\')", params: [`%${escapeLike(search)}%`] };
  if (shape.category !== 'winevtx') return text;
  return {
    sql: `(${text.sql} OR rows.template IN (SELECT id FROM templates WHERE text LIKE ? ESCAPE '\\'))`,
    params: [...text.params, `%${escapeLike(search)}%`],
  };
}

function timeSql(shape: AnyShape, start: number | undefined, end: number | undefined): Where | undefined {
  if (start === undefined && end === undefined) return undefined;
  for (const t of [start, end]) {
    if (t !== undefined && !Number.isSafeInteger(t)) throw new RecordStoreError('invalid-query', 'start_time and end_time must be integers (Unix ms)');
  }
  if (start !== undefined && end !== undefined && start > end) throw new RecordStoreError('invalid-query', 'Invalid time range');
  const lo = start ?? Number.MIN_SAFE_INTEGER;
  const hi = end ?? Number.MAX_SAFE_INTEGER;
  // A prefetch row is in the window when any of its run times is.
  if (shape.category === 'prefetch') return { sql: 'EXISTS (SELECT 1 FROM times WHERE times.row = rows.id AND times.time BETWEEN ? AND ?)', params: [lo, hi] };
  return { sql: 'rows.time BETWEEN ? AND ?', params: [lo, hi] };
}

/** The WHERE clause of a query; throws RecordStoreError for an unknown field or a bad time range. */
export function whereOf(shape: AnyShape, q: RecordQuery): Where {
  const parts: Where[] = [];
  const s = searchSql(shape, q.search);
  if (s) parts.push(s);
  const t = timeSql(shape, q.startTime, q.endTime);
  if (t) parts.push(t);
  for (const f of q.filters ?? []) {
    const field = shape.field(f.field);
    if (!field) throw new RecordStoreError('unknown-field', `Unknown filter field: ${f.field}`);
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.operator)) throw new RecordStoreError('invalid-query', `Unknown filter operator: ${String(f.operator)}`);
    parts.push(filterSql(field, f));
  }
  if (parts.length === 0) return { sql: '1', params: [] };
  return { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** Checks page (1-10) and show (1-100) as the spec bounds them. */
export function checkPage(q: SearchQuery): void {
  if (!Number.isInteger(q.page) || q.page < 1 || q.page > 10) throw new RecordStoreError('invalid-query', 'page must be an integer from 1 to 10');
  if (!Number.isInteger(q.show) || q.show < 1 || q.show > 100) throw new RecordStoreError('invalid-query', 'show must be an integer from 1 to 100');
}
