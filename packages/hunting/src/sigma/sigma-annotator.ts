// Loaded by @quarry/evtx's chunk worker threads (RecordAnnotator): each compiles the job's Sigma
// rules once and matches every record it parses, so only the few matches cross to the job's thread.
import type { EvtxRecord } from '@quarry/evtx';
import { SigmaEngine, type Json, type RuleDocument, type RuleInfo, type RuleMatch } from '@quarry/sigma';

/**
 * One match as it crosses threads: the rule's position in the engine's `ruleInfos`; for rules that
 * feed correlations also the record id, time and the values the correlation reads.
 */
export type SigmaHit =
  [rule: number] | [rule: number, recordId: string | number | undefined, timestamp: string | undefined, correlationValues: Record<string, Json>];

export interface SigmaAnnotatorData {
  documents: RuleDocument[];
  /** ruleKeys() of the job thread's engine: a worker that compiles a different set refuses to run. */
  ruleKeys: string[];
}

export const ruleKeys = (infos: readonly RuleInfo[]): string[] => infos.map((r) => `${r.id ?? ''}\u0000${r.title}\u0000${r.file ?? ''}`);

export function createAnnotator(data: SigmaAnnotatorData): (record: EvtxRecord) => SigmaHit[] | null {
  const engine = SigmaEngine.fromSourceResult({ documents: data.documents, errors: [] });
  const keys = ruleKeys(engine.ruleInfos);
  if (keys.length !== data.ruleKeys.length || keys.some((k, i) => k !== data.ruleKeys[i])) {
    throw new Error('the Sigma rules compiled on a parser thread differ from the job thread');
  }
  const position = new Map(engine.ruleInfos.map((r, i) => [r, i]));
  return (record) => {
    const matches = engine.match(record.event as unknown as Json);
    return matches.length === 0 ? null : matches.map((m) => toHit(m, position.get(m.rule)!));
  };
}

function toHit(m: RuleMatch, rule: number): SigmaHit {
  return m.correlationValues ? [rule, m.recordId, m.timestamp, m.correlationValues] : [rule];
}

/** The matches again, on the job's thread (`fields` are not carried: nothing there reads them). */
export function fromHits(hits: readonly SigmaHit[], infos: readonly RuleInfo[]): RuleMatch[] {
  return hits.map((h) =>
    h.length === 1
      ? { rule: infos[h[0]]!, recordId: undefined, timestamp: undefined, fields: {} }
      : { rule: infos[h[0]]!, recordId: h[1], timestamp: h[2], fields: {}, correlationValues: h[3] },
  );
}
