import { basename } from 'node:path';
import { SigmaEngine, readRuleFiles } from '@quarry/sigma';
import type { SigmaRules } from '../../src/index.js';

/**
 * A compiled Sigma set for analysis tests: the rule files under `dir`, matched on the job's thread.
 * (@quarry/hunting builds the process's set with parser-thread annotation; it builds on this package,
 * so these tests cannot use it.) Logsource channels are not resolved: no rule counts as lacking its log.
 */
export function sigmaRulesFrom(dir: string): SigmaRules {
  const engine = SigmaEngine.fromSourceResult(readRuleFiles([dir]));
  const loaded = engine.report.loaded.rules;
  const refused = engine.report.refused.length;
  return { engine, loaded, refused, channels: new Map(), sets: [{ name: basename(dir), version: '', directory: dir, loaded, refused }] };
}
