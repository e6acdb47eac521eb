import { importanceRank } from '../common/importance.js';
import type { Importance, Insight, InsightCategory } from '../types.js';

/** One table row before sorting: cells by column name, the row's importance and its time (ISO, for ordering). */
export interface Row {
  cells: Record<string, string>;
  importance?: Importance;
  time?: string | null;
}

/**
 * A Table insight (INSIGHTS.md §1): header row first, rows by importance (Critical first), then
 * newest first; ties keep the order the rows were found in. Missing cells are "".
 */
export function tableInsight(title: string, category: InsightCategory, columns: readonly string[], rows: readonly Row[]): Insight {
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const imp = importanceRank(b.r.importance ?? 'Informational') - importanceRank(a.r.importance ?? 'Informational');
      if (imp !== 0) return imp;
      const ta = a.r.time ?? '';
      const tb = b.r.time ?? '';
      if (ta !== tb) return ta < tb ? 1 : -1;
      return a.i - b.i;
    });
  const data = [[...columns], ...sorted.map(({ r }) => columns.map((c) => (c === 'Importance' ? (r.importance ?? 'Informational') : (r.cells[c] ?? ''))))];
  return { Table: { title, data, category } };
}
