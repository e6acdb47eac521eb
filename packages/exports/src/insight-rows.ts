import type { Insight } from '@quarry/insights';

/** One row of an insight with where it comes from: one line of the JSONL export. */
export interface InsightRow {
  /** The job, when the caller names it. */
  job?: string;
  /** Title of the insight the row belongs to. */
  insight: string;
  /** The insight's type (the REST key): Table, IndexTable, Timeline, Chart, Metadata, Graph, Error. */
  type: string;
  category?: string;
  /** Position of the row in the insight's data (0-based; a Table's header row is not counted). */
  row: number;
  /**
   * The row: column name to cell (Table; IndexTable, with `details`), the entry (Timeline),
   * label/value (Chart), key/value (Metadata), the whole graph (Graph), the message (Error).
   */
  values: Record<string, unknown>;
}

/** Every row of every insight, with its provenance, one at a time. */
export function* insightRows(insights: Iterable<Insight>, job?: string): Generator<InsightRow> {
  for (const insight of insights) {
    const base =
      (insightName: string, type: string, category: string | undefined) =>
      (row: number, values: Record<string, unknown>): InsightRow => ({
        ...(job === undefined ? {} : { job }),
        insight: insightName,
        type,
        ...(category === undefined ? {} : { category }),
        row,
        values,
      });
    if ('Table' in insight) {
      const t = insight.Table;
      const [header = [], ...rows] = t.data;
      const make = base(t.title, 'Table', t.category);
      for (const [i, r] of rows.entries()) yield make(i, Object.fromEntries(header.map((c, k) => [c, r[k]])));
    } else if ('IndexTable' in insight) {
      const t = insight.IndexTable;
      const make = base(t.title, 'IndexTable', t.category);
      for (const [i, [cells, details]] of t.data.entries()) yield make(i, { ...Object.fromEntries(t.columns.map((c, k) => [c, cells[k]])), details });
    } else if ('Timeline' in insight) {
      const t = insight.Timeline;
      const make = base(t.title, 'Timeline', t.category);
      for (const [i, e] of t.data.entries()) yield make(i, { ...e });
    } else if ('Chart' in insight) {
      const t = insight.Chart;
      const make = base(t.title, 'Chart', t.category);
      for (const [i, [label, value]] of t.data.entries()) yield make(i, { label, value });
    } else if ('Metadata' in insight) {
      const t = insight.Metadata;
      const make = base(t.title, 'Metadata', t.category);
      for (const [i, [key, value]] of Object.entries(t.data).entries()) yield make(i, { key, value });
    } else if ('Graph' in insight) {
      const t = insight.Graph;
      yield base(t.title, 'Graph', t.category)(0, { data: t.data, graph_metadata: t.graph_metadata });
    } else {
      yield base('', 'Error', undefined)(0, { message: insight.Error.message });
    }
  }
}
