import { loadCommunityRules, type CommunityRules } from './community-rules.js';

let directories: readonly string[] = [];
let cached: CommunityRules | undefined;

/**
 * Sets the community rule directories (the worker calls this once at start-up with
 * `sigmaRuleDirs(...)`). Compiling thousands of rules takes seconds, so the set is compiled once,
 * on the first job that runs Sigma, and kept for the life of the process.
 */
export function configureSigmaRules(dirs: readonly string[]): void {
  directories = [...dirs];
  cached = undefined;
}

/** The compiled community rule set (built-in pack plus the configured directories). */
export function communityRules(): CommunityRules {
  cached ??= loadCommunityRules(directories);
  return cached;
}
