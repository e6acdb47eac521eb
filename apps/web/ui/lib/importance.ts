import type { Importance } from '@quarry/insights';

/** Most important first: the order tables sort by. */
export const IMPORTANCE_ORDER: readonly Importance[] = ['Critical', 'High', 'Medium', 'Low', 'Informational'];

/**
 * One colour per level everywhere (badges, timeline, graph legend); the graph's own fill colours
 * (red, orange, yellow, light blue, white) are what the analyzers write into the DOT.
 */
export const IMPORTANCE_COLOR: Record<Importance, string> = {
  Critical: '#e03131',
  High: '#f76707',
  Medium: '#f2c200',
  Low: '#4dabf7',
  Informational: '#adb5bd',
};

export const isImportance = (v: string): v is Importance => (IMPORTANCE_ORDER as readonly string[]).includes(v);

/** The level a cell names, whatever its case (Sigma levels are lower case: "critical"), or null. */
export function asImportance(v: string): Importance | null {
  const level = v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
  return isImportance(level) ? level : null;
}

/** Sort key: 0 for Critical … 4 for Informational, 5 for anything else. */
export function importanceRank(v: string): number {
  const level = asImportance(v);
  return level === null ? IMPORTANCE_ORDER.length : IMPORTANCE_ORDER.indexOf(level);
}
