import type { Dataset } from '../dataset/format.js';

export const RANK_TIERS = 4;

/**
 * Relevance tier of a row that matched `needle` (lower-cased, trimmed, non-empty): 0 is an exact
 * name or id, 3 a hit in some other column only. Within a tier rows keep their stored order, so
 * the ranking is total and stable across pages.
 */
export function rankRow(ds: Dataset, row: number, needle: string): number {
  const base = row * ds.width;
  const cell = (c: number) => ds.lower[ds.cells[base + c]!]!;
  if (ds.module === 'file_name') {
    const name = cell(0);
    if (name === needle || stem(name) === needle) return 0;
    if (name.startsWith(needle)) return 1;
    return name.includes(needle) ? 2 : 3;
  }
  const id = cell(0);
  const provider = cell(3);
  if (id === needle || provider === needle) return 0;
  if (id.startsWith(needle) || provider.startsWith(needle)) return 1;
  return provider.includes(needle) || cell(4).includes(needle) ? 2 : 3;
}

/** "cmd.exe" -> "cmd": searching a bare program name is an exact hit too. */
function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
