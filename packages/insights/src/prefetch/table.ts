import { importanceRank } from '../common/importance.js';
import type { Importance, Insight, InsightCategory } from '../types.js';

/** A row before sorting: cells by column name, its importance and its time (Unix ms) for ordering. */
export interface Row {
  cells: Record<string, string>;
  importance: Importance;
  time: number | null;
}

/**
 * A Table insight (INSIGHTS.md §1): header row, then rows by importance (Critical first), then
 * newest first; ties keep the order found (file_ids order). Missing cells are "".
 */
export function table(title: string, category: InsightCategory, columns: readonly string[], rows: readonly Row[]): Insight {
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => importanceRank(b.r.importance) - importanceRank(a.r.importance) || (b.r.time ?? -Infinity) - (a.r.time ?? -Infinity) || a.i - b.i);
  const data = [[...columns], ...sorted.map(({ r }) => columns.map((c) => (c === 'Importance' ? r.importance : (r.cells[c] ?? ''))))];
  return { Table: { title, data, category } };
}
