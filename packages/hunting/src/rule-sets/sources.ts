import { PUBLIC_PACKS } from '@quarry/yara';

/** A git repository to fetch a rule set from; no branch: the repository's default branch. */
export interface PackSource {
  name: string;
  repo: string;
  branch?: string | undefined;
}

/** Where `rules update` fetches from: SigmaHQ's releases and the YARA packs. */
export interface RuleSources {
  sigmaRepo: string;
  yaraPacks: PackSource[];
}

export const SIGMAHQ_REPO = 'https://github.com/SigmaHQ/sigma.git';

/**
 * The sources from the settings (`QUARRY_SIGMA_RULES_REPO`, `QUARRY_YARA_PACK_REPOS`, passed in:
 * only @quarry/config reads the environment). Pack repositories given as `name=url[#branch]`
 * replace the public list; a known pack named without a branch keeps its usual branch.
 */
export function ruleSources(opts: { sigmaRepo?: string | undefined; yaraPackRepos?: string | undefined } = {}): RuleSources {
  const sigmaRepo = opts.sigmaRepo ?? SIGMAHQ_REPO;
  if (!opts.yaraPackRepos) return { sigmaRepo, yaraPacks: PUBLIC_PACKS.map((p) => ({ name: p.name, repo: p.repo, branch: p.branch })) };
  const yaraPacks = opts.yaraPackRepos
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair): PackSource => {
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const [repo = '', branch] = pair.slice(eq + 1).split('#');
      return { name, repo, branch: branch ?? PUBLIC_PACKS.find((p) => p.name === name)?.branch };
    });
  return { sigmaRepo, yaraPacks };
}
