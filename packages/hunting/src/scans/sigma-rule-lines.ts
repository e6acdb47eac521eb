import { readFileSync } from 'node:fs';
import type { CommunityRules } from '../sigma/community-rules.js';

/**
 * The YAML lines of the loaded community rules with each exact (case-sensitive) name: a rule's
 * title (what result tables show) or its `name`. A name defined in several files gets every file,
 * in load order, separated by a `---` line so the answer stays valid multi-document YAML.
 * Refused rules are not retrievable (they never ran).
 */
export function sigmaRuleLines(rules: CommunityRules, names: readonly string[]): { found: Record<string, string[]>; missing: string[] } {
  const found: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const name of names) {
    const files = rules.filesByName.get(name);
    if (!files || files.length === 0) {
      missing.push(name);
      continue;
    }
    found[name] = files.flatMap((file, k) => {
      const lines = readFileSync(file, 'utf8')
        .replace(/\r?\n$/, '')
        .split(/\r?\n/);
      return k === 0 ? lines : ['---', ...lines];
    });
  }
  return { found, missing };
}
