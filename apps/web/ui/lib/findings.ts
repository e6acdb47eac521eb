import type { Importance } from '@quarry/insights';
import { IMPORTANCE_ORDER } from './importance';
import { isImportanceColumn, isReasonColumn, isRecordColumn, type ResultRow, type ResultType } from './result-types';

/** How many rows of each level the job has, over every result type that ranks its rows. */
export interface ImportanceCount {
  level: Importance;
  rows: number;
  /** Result types holding at least one row of this level. */
  resultTypes: number;
}

export function importanceCounts(types: readonly ResultType[]): ImportanceCount[] {
  return IMPORTANCE_ORDER.map((level) => {
    const perType = types.map((t) => t.rows.filter((r) => r.importance === level).length);
    return { level, rows: perType.reduce((a, b) => a + b, 0), resultTypes: perType.filter((n) => n > 0).length };
  });
}

/** A Critical or High row, with what identifies it and where it is. */
export interface Finding {
  type: ResultType;
  row: ResultRow;
  importance: Importance;
  keyCells: [string, string][];
}

const FINDING_LEVELS: readonly Importance[] = ['Critical', 'High'];
const KEY_CELLS = 3;

/** The Critical rows of every result type, then the High ones; within a level, in page order. */
export function findings(types: readonly ResultType[]): Finding[] {
  return FINDING_LEVELS.flatMap((level) =>
    types.flatMap((type) => type.rows.filter((r) => r.importance === level).map((row) => ({ type, row, importance: level, keyCells: keyCells(row) }))),
  );
}

/**
 * What names a row, told from its columns alone: the first few non-empty cells that are neither
 * its importance, reasons, record ids nor bare numbers (counts and pids say little on their own).
 */
export function keyCells(row: ResultRow): [string, string][] {
  const out: [string, string][] = [];
  row.columns.forEach((column, i) => {
    const value = row.cells[i] ?? '';
    if (out.length >= KEY_CELLS || value === '' || /^\d+$/.test(value)) return;
    if (isImportanceColumn(column) || isReasonColumn(column) || isRecordColumn(column)) return;
    out.push([column, value]);
  });
  return out;
}
