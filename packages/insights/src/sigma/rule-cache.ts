import { RecheckGate, ruleFilesFingerprint } from '../hunting/fingerprint.js';
import { BUILTIN_SIGMA_RULES, loadCommunityRules, type CommunityRules } from './community-rules.js';

const SIGMA_FILE = /\.ya?ml$/i;
/** How often the rule files are re-listed to see whether they changed (a stat per file). */
const RECHECK_MS = 5_000;

let directories: readonly string[] = [];
let cached: CommunityRules | undefined;
let fingerprint = '';
let gate = new RecheckGate(RECHECK_MS);

/**
 * Sets the community rule directories (each process calls this once at start-up with
 * `sigmaRuleDirs(...)`). Compiling thousands of rules takes seconds, so the set is compiled on
 * first use and kept for the life of the process, until a rule file changes.
 */
export function configureSigmaRules(dirs: readonly string[]): void {
  directories = [...dirs];
  cached = undefined;
  gate = new RecheckGate(RECHECK_MS);
}

/**
 * The compiled community rule set (built-in pack plus the configured directories), recompiled when
 * a rule file was added, removed or changed (checked at most every 5 s). Broken rules are refused
 * one by one (`refusedReasons`) and never block the rest.
 */
export function communityRules(): CommunityRules {
  if (cached === undefined || gate.due()) {
    const now = ruleFilesFingerprint([BUILTIN_SIGMA_RULES, ...directories], SIGMA_FILE);
    if (cached === undefined || now !== fingerprint) {
      cached = loadCommunityRules(directories);
      fingerprint = now;
    }
  }
  return cached;
}
