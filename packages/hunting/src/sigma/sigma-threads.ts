import type { SigmaAnnotation } from '@quarry/insights';
import type { RuleDocument, SigmaEngine } from '@quarry/sigma';
import { fromHits, ruleKeys, type SigmaAnnotatorData, type SigmaHit } from './sigma-annotator.js';

/** The compiled annotator module: beside this file in dist, or in ../../dist when running from src (tests). */
const MODULE = new URL(import.meta.url.endsWith('.ts') ? '../../dist/sigma/sigma-annotator.js' : './sigma-annotator.js', import.meta.url).href;

/**
 * How EVTX parser threads match `engine`'s rules where they parse (see SigmaRun.push): each thread
 * compiles `documents` once per job and sends back only the matches, which `matches` turns back
 * into the engine's rules.
 */
export function sigmaAnnotation(engine: SigmaEngine, documents: RuleDocument[]): SigmaAnnotation {
  const data: SigmaAnnotatorData = { documents, ruleKeys: ruleKeys(engine.ruleInfos) };
  return { annotator: { module: MODULE, data }, matches: (annotation) => fromHits(annotation as SigmaHit[], engine.ruleInfos) };
}
