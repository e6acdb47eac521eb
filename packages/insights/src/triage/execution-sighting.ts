import type { Importance } from '../types.js';

/** Which artifact saw an executable run (or, for ShimCache and Amcache, be present). */
export type ExecSource = 'prefetch' | 'shimcache' | 'amcache' | 'userassist' | 'bam' | '4688' | 'sysmon 1' | 'process events';

/** One per-type row's word on one executable, before rows of the same executable are combined. */
export interface ExecSighting {
  source: ExecSource;
  /** How the Sources column names it when not by `source` alone (process events of both kinds: `4688, sysmon 1`). */
  label?: string;
  /** The path as the source spells it (shown when it is the most complete spelling). */
  path: string;
  /** normalisePath(path): the join key. */
  key: string;
  /** Set by the sources that say whose run it was (UserAssist, BAM/DAM); '' for machine-wide ones. */
  user: string;
  /** Users a machine-wide source names (process events' subjects). */
  users: string[];
  runCount: number | null;
  /** Unix ms; null when the source gives none. */
  first: number | null;
  last: number | null;
  prefetchRuns?: string;
  shimcache?: string;
  sha1?: string;
  processEvents?: number;
  commandLines?: string[];
  parents?: string[];
  sigma?: { title: string; level: Importance }[];
  importance: Importance;
  /** The per-type row's own reasons, as it words them. */
  reasons: string[];
  /** Link to the per-type row (`rowLink`). */
  evidence: string;
}

/** A per-type Reasons cell as a list (`L1 staging path (desktop); L2 LOLBIN powershell`). */
export function reasonList(cell: string | undefined): string[] {
  return (cell ?? '')
    .split('; ')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

const LEVELS: readonly Importance[] = ['Informational', 'Low', 'Medium', 'High', 'Critical'];

/** A per-type Importance cell (or a Sigma level, lower case) as an Importance; Informational when unknown. */
export function importanceOf(cell: string | undefined): Importance {
  const c = (cell ?? '').toLowerCase();
  return LEVELS.find((l) => l.toLowerCase() === c) ?? 'Informational';
}
