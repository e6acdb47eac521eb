import { relative } from 'node:path';
import { SigmaEngine, readRuleFiles } from '@quarry/sigma';
import { loadPack } from '@quarry/yara';
import type { ScanEngine } from '@quarry/vocabulary';
import { MAX_REASONS } from './set-record.js';

/** What our engine makes of a set: rules compiled, and what it refused and why. */
export interface SetCheck {
  loaded: number;
  refused: number;
  /** `<file inside the set>: <reason>`, the first MAX_REASONS. */
  reasons: string[];
}

/** Every Sigma rule parsed and compiled by our engine, as the loaders will (refused rules are skipped there too). */
export function checkSigmaSet(dir: string): SetCheck {
  const engine = SigmaEngine.fromSourceResult(readRuleFiles([dir]));
  const { loaded, refused } = engine.report;
  return {
    loaded: loaded.rules,
    refused: refused.length,
    reasons: refused.slice(0, MAX_REASONS).map((r) => `${r.file ? relative(dir, r.file) : '(text)'}: ${r.reason}`),
  };
}

/** Every YARA file compiled on its own, with the externals community packs use. */
export async function checkYaraSet(dir: string): Promise<SetCheck> {
  const pack = await loadPack({ dirs: [dir] });
  const failed = pack.files.filter((f) => !f.ok);
  return {
    loaded: pack.totals.rules,
    refused: failed.length,
    reasons: failed.slice(0, MAX_REASONS).map((f) => `${relative(dir, f.path)}: ${f.errors[0]?.title ?? 'did not compile'}`),
  };
}

export function checkSet(engine: ScanEngine, dir: string): Promise<SetCheck> {
  return engine === 'sigma' ? Promise.resolve(checkSigmaSet(dir)) : checkYaraSet(dir);
}
