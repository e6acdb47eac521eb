import type { Dataset } from '../dataset/format.js';
import { MODULES } from '../modules.js';
import type { LookupParams } from '../params.js';
import { cellPredicate, memoOverStrings } from './match.js';
import { RANK_TIERS, rankRow } from './rank.js';

/** The spec's response body (`columns`, `rows`) plus the number of matching rows for pagers. */
export interface LookupResult {
  columns: string[];
  rows: string[][];
  total: number;
}

/**
 * Runs one validated lookup over a loaded dataset: search (any spec column contains the text,
 * case-insensitive), every filter (AND), relevance tiers, then the requested page.
 */
export function queryDataset(ds: Dataset, params: LookupParams): LookupResult {
  const def = MODULES[ds.module];
  const needle = params.search.trim().toLowerCase();
  const searchHit = needle === '' ? undefined : memoOverStrings(ds.lower, (s) => s.includes(needle));
  const filters = params.filter.map((f) => {
    const multi = def.multiValue.includes(def.columns[f.column]!);
    return { column: f.column, test: memoOverStrings(ds.lower, cellPredicate(f.operator, f.value, multi ? def.separator : undefined)) };
  });

  const tiers: number[][] = Array.from({ length: RANK_TIERS }, () => []);
  const { cells, width, visible } = ds;
  rows: for (let r = 0; r < ds.rowCount; r++) {
    const base = r * width;
    for (const f of filters) if (!f.test(cells[base + f.column]!)) continue rows;
    if (searchHit) {
      let hit = false;
      for (let c = 0; c < visible && !hit; c++) hit = searchHit(cells[base + c]!);
      if (!hit) continue;
      tiers[rankRow(ds, r, needle)]!.push(r);
    } else {
      tiers[0]!.push(r);
    }
  }

  const total = tiers.reduce((n, t) => n + t.length, 0);
  const start = (params.page - 1) * params.show;
  const picked = tiers.flat().slice(start, start + params.show);
  const rows = picked.map((r) => {
    const out: string[] = [];
    for (let c = 0; c < visible; c++) out.push(ds.strings[cells[r * width + c]!]!);
    return out;
  });
  return { columns: [...def.columns], rows, total };
}
