import type { Insight } from '../../../src/index.js';

/**
 * One artifact compared entry by entry with an independent implementation (regipy's plugins, or
 * regfexport-decoded bytes where regipy has none). The differential test runs every comparator
 * over every sample hive it applies to; `npm run bench:registry-diff` runs the same comparators
 * over the public corpora and prints the totals.
 */
export interface HiveUnderTest {
  /** Path of the hive file on disk (logs beside it are replayed by our side only). */
  path: string;
  /** A short name for reports: the sample's path under samples/registry, or corpus/name. */
  label: string;
  /** The hive's type as our parser recognises it (SYSTEM, SOFTWARE, NTUSER, USRCLASS, AMCACHE, SAM, SECURITY, other). */
  kind: string;
}

/** What one comparator found on one hive. Every entry either side has is counted once. */
export interface ArtifactComparison {
  artifact: string;
  hive: string;
  compared: number;
  equal: number;
  /** Differences with the evidence that we are right (or why the peer cannot be compared), one line each. */
  explained: { key: string; why: string }[];
  /** Differences nobody has explained: the differential test fails on any of these. */
  unexplained: { key: string; ours: unknown; theirs: unknown }[];
  /**
   * Remarks on the reference as a whole, not entries (not counted in `compared`): a plugin that
   * yields nothing where the bytes hold values, entries it lists twice or that hold no item, set
   * aside before pairing with their number.
   */
  notes?: { key: string; why: string }[];
}

export interface Comparator {
  artifact: string;
  /** regipy plugin names the comparison needs (run once per hive for all comparators together). */
  regipyPlugins: string[];
  appliesTo(hive: HiveUnderTest): boolean;
  compare(ours: Insight[], regipy: Record<string, unknown>, hive: HiveUnderTest): ArtifactComparison;
}
