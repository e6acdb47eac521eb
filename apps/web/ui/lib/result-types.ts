import type { Importance, Insight } from '@quarry/insights';
import { asImportance } from './importance';

/** One row of a result type, in the analyzer's order: what the summary and the findings read. */
export interface ResultRow {
  /** Position among the result type's rows (the table's row id, so a link can find it). */
  index: number;
  columns: readonly string[];
  cells: readonly string[];
  /** Null when the row's importance cell names no level (or the result type has no such column). */
  importance: Importance | null;
  reasons: string;
  /** EventRecordIDs behind the row (the record-id columns, or an IndexTable's RecordID detail). */
  recordIds: string[];
}

/** A result type as a section of the job page: where it is, what it holds. */
export interface ResultType {
  /** Unique on the page: the section's element id. */
  id: string;
  title: string;
  /** The analyzer it comes from: the title before ": " ("Process Analysis: PowerShell" → "Process Analysis"). */
  group: string;
  kind: string;
  category: string;
  /** Rows, entries or keys, whichever the type holds; null for a chart, graph or error. */
  size: number | null;
  /** Rows with an importance, for Tables and IndexTables with an importance column and Timelines. */
  rows: ResultRow[];
  hasImportance: boolean;
}

const IMPORTANCE_COLUMNS = new Set(['importance', 'level', 'severity']);
const REASON_COLUMNS = new Set(['reasons', 'reason']);
// Compared without case, spaces or underscores: "Record IDs", "record_id", "First Record ID", "EventRecordID".
const RECORD_COLUMNS = new Set(['recordid', 'recordids', 'eventrecordid', 'firstrecordid']);

const squash = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '');
export const isImportanceColumn = (name: string) => IMPORTANCE_COLUMNS.has(name.toLowerCase());
export const isRecordColumn = (name: string) => RECORD_COLUMNS.has(squash(name));
export const isReasonColumn = (name: string) => REASON_COLUMNS.has(name.toLowerCase());

/** Record ids in a cell ("12" or "3, 17, 40"); anything else is not a record id. */
export function recordIdsIn(value: string): string[] {
  return value.split(/,\s*/).filter((v) => /^\d+$/.test(v));
}

export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'result'
  );
}

/** Every insight of a job as a result type, in the order the analyzers emitted them. */
export function resultTypes(insights: readonly Insight[]): ResultType[] {
  const used = new Map<string, number>();
  return insights.map((insight) => {
    const t = describe(insight);
    const base = `insight-${slug(t.title)}`;
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    const colon = t.title.indexOf(': ');
    return { ...t, id: n === 0 ? base : `${base}-${n + 1}`, group: colon > 0 ? t.title.slice(0, colon) : t.title };
  });
}

function describe(insight: Insight): Omit<ResultType, 'id' | 'group'> {
  if ('Table' in insight) {
    const p = insight.Table;
    const [header = [], ...body] = p.data;
    const rows = tableRows(
      header,
      body.map((cells) => ({ cells, detail: {} })),
    );
    return { title: p.title, kind: 'Table', category: p.category, size: body.length, rows, hasImportance: header.some(isImportanceColumn) };
  }
  if ('IndexTable' in insight) {
    const p = insight.IndexTable;
    const columns = p.columns.slice(0, -1);
    const rows = tableRows(
      columns,
      p.data.map(([cells, detail]) => ({ cells, detail })),
    );
    return { title: p.title, kind: 'IndexTable', category: p.category, size: p.data.length, rows, hasImportance: columns.some(isImportanceColumn) };
  }
  if ('Timeline' in insight) {
    const p = insight.Timeline;
    const rows = p.data.map((e, index): ResultRow => ({
      index,
      columns: ['Event', 'Description'],
      cells: [e.short_name, e.description],
      importance: asImportance(e.importance),
      reasons: '',
      recordIds: [String(e.record_id)],
    }));
    return { title: p.title, kind: 'Timeline', category: p.category, size: p.data.length, rows, hasImportance: true };
  }
  if ('Metadata' in insight) {
    const p = insight.Metadata;
    return { title: p.title, kind: 'Metadata', category: p.category, size: Object.keys(p.data).length, rows: [], hasImportance: false };
  }
  if ('Chart' in insight) return { title: insight.Chart.title, kind: 'Chart', category: insight.Chart.category, size: null, rows: [], hasImportance: false };
  if ('Graph' in insight) return { title: insight.Graph.title, kind: 'Graph', category: insight.Graph.category, size: null, rows: [], hasImportance: false };
  // An Error insight, or a type this dashboard does not know yet (shown as JSON further down).
  return {
    title: 'Error' in insight ? 'Error' : 'Unknown result',
    kind: 'Error' in insight ? 'Error' : 'Unknown',
    category: '',
    size: null,
    rows: [],
    hasImportance: false,
  };
}

/** Rows of a table with an importance column; none when it has no such column (nothing to rank). */
function tableRows(columns: readonly string[], body: { cells: readonly string[]; detail: Record<string, string> }[]): ResultRow[] {
  const level = columns.findIndex(isImportanceColumn);
  if (level < 0) return [];
  const reason = columns.findIndex(isReasonColumn);
  const records = columns.flatMap((c, i) => (isRecordColumn(c) ? [i] : []));
  return body.map(({ cells, detail }, index) => {
    const ids = records.flatMap((i) => recordIdsIn(cells[i] ?? ''));
    // IndexTables keep the record in the row's detail object (EVTX: "RecordID").
    for (const [k, v] of Object.entries(detail)) if (isRecordColumn(k)) ids.push(...recordIdsIn(v));
    return {
      index,
      columns,
      cells,
      importance: asImportance(cells[level] ?? ''),
      reasons: reason < 0 ? '' : (cells[reason] ?? ''),
      recordIds: [...new Set(ids)],
    };
  });
}
