import type { ArtifactType } from '@quarry/vocabulary';
import type { Insight } from '../../types.js';
import type { RecordsRef, TimeKind, TriageRecord } from '../model.js';
import { byTitle, cellImportance, cellTime, tableRows, type TableRow } from './table-rows.js';

/** What a row says besides its times. */
export interface RowFacts {
  description: string;
  user?: string | null;
  path?: string | null;
  artifact?: string;
  sigmaRule?: string | null;
  records?: RecordsRef | null;
  /** When the table has no Importance column of its own but another table judges the row. */
  importance?: TriageRecord['importance'];
}

/** A time column of a table and what its time means for the row (null: not a fact for this row). */
export interface TimeColumn {
  column: string;
  kind: TimeKind | ((cells: Record<string, string>) => TimeKind | null);
  /** Said before the description (`first`, `last`): the table holds two times of one kind. */
  label?: string;
}

/**
 * Facts of one per-type table: one per parsable time cell of each listed column. A "last" time equal
 * to the row's "first" is the same moment and is not repeated.
 */
export function tableFacts(
  type: ArtifactType,
  insights: readonly Insight[],
  title: string,
  columns: readonly TimeColumn[],
  describe: (cells: Record<string, string>, row: TableRow) => RowFacts | null,
): TriageRecord[] {
  const out: TriageRecord[] = [];
  for (const row of tableRows(byTitle(insights, title))) {
    const seen = new Set<string>();
    let facts: RowFacts | null | undefined;
    for (const col of columns) {
      const time = cellTime(row.cells[col.column]);
      if (time === null) continue;
      const kind = typeof col.kind === 'function' ? col.kind(row.cells) : col.kind;
      if (kind === null || seen.has(`${kind}@${time}`)) continue;
      seen.add(`${kind}@${time}`);
      facts ??= describe(row.cells, row);
      if (facts === null) break;
      out.push(fact(type, title, row.row, time, kind, facts, facts.importance ?? cellImportance(row.cells['Importance']), col.label));
    }
  }
  return out;
}

/** One fact; the description is capped, as the timeline shows it on one line. */
export function fact(
  type: ArtifactType,
  resultType: string,
  row: number | null,
  time: number,
  timeKind: TimeKind,
  f: RowFacts,
  importance: TriageRecord['importance'],
  label?: string,
): TriageRecord {
  const text = label ? `${label}: ${f.description}` : f.description;
  return {
    time,
    source: type,
    artifact: f.artifact ?? '',
    resultType,
    row,
    timeKind,
    description: text.length > 500 ? `${text.slice(0, 499)}…` : text,
    user: f.user ?? null,
    path: f.path ?? null,
    importance,
    sigmaRule: f.sigmaRule ?? null,
    records: f.records ?? null,
  };
}

/** The cells joined as a short description, skipping empty ones. */
export const joinCells = (...parts: (string | undefined)[]): string => parts.filter((p) => p && p.trim() !== '').join(' ');
