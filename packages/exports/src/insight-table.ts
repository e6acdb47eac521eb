import type { Insight, TimelineEntry } from '@quarry/insights';
import { ExportError } from './errors.js';

/** An insight as a table: what its CSV holds. */
export interface InsightTable {
  title: string;
  columns: string[];
  rows: unknown[][];
}

/** Timeline entries' columns, in the order of the REST shape. */
export const TIMELINE_COLUMNS = ['timestamp_start', 'timestamp_end', 'record_id', 'short_name', 'description', 'category', 'importance'] as const;

const timelineRow = (e: TimelineEntry): unknown[] => TIMELINE_COLUMNS.map((c) => e[c]);

/**
 * Any tabular insight as columns and rows: a Table (its first row holds the column names), an
 * IndexTable (its columns, then Details as JSON), a Timeline (its entries' fields), a Chart
 * (label, value) and Metadata (key, value). Graph and Error are not tables: ExportError.
 * Insights are whole JSON values already, so this holds no more than the insight itself.
 */
export function insightTable(insight: Insight): InsightTable {
  if ('Table' in insight) {
    const [header, ...rows] = insight.Table.data;
    return { title: insight.Table.title, columns: header ?? [], rows };
  }
  if ('IndexTable' in insight) {
    const t = insight.IndexTable;
    return { title: t.title, columns: [...t.columns, 'Details'], rows: t.data.map(([cells, details]) => [...cells, details]) };
  }
  if ('Timeline' in insight) return { title: insight.Timeline.title, columns: [...TIMELINE_COLUMNS], rows: insight.Timeline.data.map(timelineRow) };
  if ('Chart' in insight) return { title: insight.Chart.title, columns: ['Label', 'Value'], rows: insight.Chart.data.map(([l, v]) => [l, v]) };
  if ('Metadata' in insight) return { title: insight.Metadata.title, columns: ['Key', 'Value'], rows: Object.entries(insight.Metadata.data) };
  if ('Graph' in insight) throw new ExportError('not-tabular', `${insight.Graph.title} is a graph, not a table`);
  throw new ExportError('not-tabular', 'an error insight is not a table');
}

/** The title of an insight (Error insights have none). */
export function insightTitle(insight: Insight): string | undefined {
  for (const value of Object.values(insight) as { title?: string }[]) return value.title;
  return undefined;
}
