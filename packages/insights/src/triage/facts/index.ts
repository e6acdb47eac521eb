import type { NestedResults, TriageRecord } from '../model.js';

/**
 * The Host Timeline's facts of one member type's finished results: every timestamped row of every
 * result type, normalised. SCAFFOLD: the per-type fact extractors replace this.
 */
export function timelineFacts(results: NestedResults): TriageRecord[] {
  void results;
  return [];
}
