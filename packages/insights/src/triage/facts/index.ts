import type { ArtifactType } from '@quarry/vocabulary';
import type { Insight } from '../../types.js';
import type { NestedResults, TriageRecord } from '../model.js';
import { evtxFacts } from './evtx.js';
import { lnkFacts } from './lnk.js';
import { prefetchFacts } from './prefetch.js';
import { registryFacts } from './registry.js';

const FACTS: Record<ArtifactType, (insights: readonly Insight[]) => TriageRecord[]> = {
  winevtx: evtxFacts,
  registry: registryFacts,
  prefetch: prefetchFacts,
  lnk: lnkFacts,
};

/**
 * The Host Timeline's facts of one member type's finished results: every timestamped row of every
 * result type, normalised, read from the tables as the type's own job shows them (titles
 * unprefixed). A time cell that does not parse as UTC makes no fact.
 */
export function timelineFacts(results: NestedResults): TriageRecord[] {
  return FACTS[results.type](results.insights);
}
