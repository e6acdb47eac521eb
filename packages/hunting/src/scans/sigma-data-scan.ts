import { scanRecords, type SigmaEngine } from '@quarry/sigma';
import { parseLogText } from './log-records.js';
import { compileCustomSigmaRule } from './sigma-custom-rule.js';

/** A rule that matched inline test data (once per rule, whatever the number of records). */
export interface SigmaRuleHit {
  title: string;
  description: string;
  author: string;
  tags: string[];
  level: string;
}

export type SigmaDataOutcome =
  { kind: 'invalid-data' } | { kind: 'invalid-rule'; message: string } | { kind: 'matches'; hits: SigmaRuleHit[]; records: number };

/** Parses test data (JSON, JSON lines or event-log XML) and runs the custom rule or the community set over it. */
export function sigmaDataScan(text: string, customRule: string | undefined, community: () => SigmaEngine): SigmaDataOutcome {
  const records = parseLogText(text);
  if (records === undefined || records.length === 0) return { kind: 'invalid-data' };
  let engine: SigmaEngine;
  if (customRule === undefined) engine = community();
  else {
    const compiled = compileCustomSigmaRule(customRule);
    if ('error' in compiled) return { kind: 'invalid-rule', message: compiled.error };
    engine = compiled.engine;
  }
  const hits = new Map<string, SigmaRuleHit>();
  for (const m of scanRecords(engine, records)) {
    const key = m.rule.id ?? m.rule.title;
    if (hits.has(key)) continue;
    hits.set(key, { title: m.rule.title, description: m.rule.description ?? '', author: m.rule.author ?? '', tags: m.rule.tags, level: m.rule.level ?? '' });
  }
  return { kind: 'matches', hits: [...hits.values()], records: records.length };
}
