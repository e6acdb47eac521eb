import type { Importance } from '@quarry/insights';
import { IMPORTANCE_ORDER } from './importance';
import type { ResultRow, ResultType } from './result-types';

/** One Sigma level: the rules that matched at it and how often. */
export interface SigmaLevel {
  /** Null for rows whose level is missing or not one of Sigma's five. */
  level: Importance | null;
  rules: { type: ResultType; row: ResultRow; rule: string; matches: number | null }[];
  matches: number;
}

/**
 * Sigma matches by level from every Sigma result type (the EVTX "Overview: Sigma Matches" table,
 * a Sigma scan's results): tables of category Sigma with a Level column, one row per rule.
 */
export function sigmaByLevel(types: readonly ResultType[]): { sources: ResultType[]; levels: SigmaLevel[] } {
  const sources = types.filter((t) => t.category === 'Sigma' && t.kind !== 'Chart' && t.hasImportance);
  const levels = [...IMPORTANCE_ORDER, null].map((level): SigmaLevel => {
    const rules = sources.flatMap((type) =>
      type.rows
        .filter((row) => row.importance === level)
        .map((row) => ({ type, row, rule: cell(row, 'Rule') ?? row.cells[0] ?? '', matches: numberOrNull(cell(row, 'Matches')) })),
    );
    return { level, rules, matches: rules.reduce((a, r) => a + (r.matches ?? 0), 0) };
  });
  return { sources, levels: levels.filter((l) => l.rules.length > 0) };
}

function cell(row: ResultRow, column: string): string | undefined {
  const i = row.columns.findIndex((c) => c.toLowerCase() === column.toLowerCase());
  return i < 0 ? undefined : row.cells[i];
}

function numberOrNull(v: string | undefined): number | null {
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : null;
}
