import type { RecordAnnotator } from '@quarry/evtx';
import type { CommunityRules } from './community-rules.js';
import { ruleKeys, type SigmaAnnotatorData } from './sigma-annotator.js';

/** The compiled annotator module: beside this file in dist, or in ../../dist when running from src (tests). */
const MODULE = new URL(import.meta.url.endsWith('.ts') ? '../../dist/sigma/sigma-annotator.js' : './sigma-annotator.js', import.meta.url).href;

const specs = new WeakMap<CommunityRules, RecordAnnotator>();

/** What EVTX parser threads are given to match `rules` where they parse (see SigmaRun.push). */
export function sigmaAnnotator(rules: CommunityRules): RecordAnnotator {
  let spec = specs.get(rules);
  if (!spec) {
    const data: SigmaAnnotatorData = { documents: rules.documents, ruleKeys: ruleKeys(rules.engine.ruleInfos) };
    specs.set(rules, (spec = { module: MODULE, data }));
  }
  return spec;
}
