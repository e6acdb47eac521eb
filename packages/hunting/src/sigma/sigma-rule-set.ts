import { RecheckGate, ruleFilesFingerprint } from '../rule-files-fingerprint.js';
import { BUILTIN_SIGMA_RULES, loadCommunityRules, type CommunityRules } from './community-rules.js';

const SIGMA_FILE = /\.ya?ml$/i;

/**
 * The community Sigma set of one process: the built-in pack plus the configured directories,
 * compiled on first use and kept until a rule file is added, removed or changed (checked at most
 * every `recheckMs`; a stat per file). The composition root creates one and passes it to every
 * user (job analysis, file scans, inline scans, rule retrieval, search summaries), so a process
 * compiles the set once and a rule update replaces it here only. Broken rules are refused one by
 * one (`refusedReasons`) and never block the rest.
 */
export class SigmaRuleSet {
  /** Compilations so far (the first one and each reload): a process serving many callers still compiles once. */
  compiles = 0;
  private cached: CommunityRules | undefined;
  private fingerprint = '';
  private readonly gate: RecheckGate;

  constructor(
    /** Community directories besides the built-in pack (missing ones are skipped until they appear). */
    readonly dirs: readonly string[],
    opts: { recheckMs?: number } = {},
  ) {
    this.gate = new RecheckGate(opts.recheckMs ?? 5_000);
  }

  /** The compiled set as it is now (compiling or reloading first when needed: seconds for thousands of rules). */
  current(): CommunityRules {
    if (this.cached === undefined || this.gate.due()) {
      const now = ruleFilesFingerprint([BUILTIN_SIGMA_RULES, ...this.dirs], SIGMA_FILE);
      if (this.cached === undefined || now !== this.fingerprint) {
        this.cached = loadCommunityRules(this.dirs);
        this.fingerprint = now;
        this.compiles++;
      }
    }
    return this.cached;
  }
}
