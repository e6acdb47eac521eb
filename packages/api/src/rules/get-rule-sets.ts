import { loadedYaraSets, readStatus, type LoadedRuleSet, type RuleSetsStatus } from '@quarry/hunting';
import type { ServiceDeps } from '../deps.js';

/** What one engine of this server has loaded now, per set. */
export interface EngineRuleSets {
  loaded: number;
  /** Sigma: rules refused; YARA: rule files that did not compile. */
  refused: number;
  sets: LoadedRuleSet[];
}

export interface RuleSetsOverview {
  /** The last fetch or import (`rules update`, `rules import`, the first start), or null: none yet. */
  status: RuleSetsStatus | null;
  sigma: EngineRuleSets;
  yara: EngineRuleSets;
}

/**
 * The Rules page's account of the rule sets: what the last fetch or import did (running or ended)
 * and what this server has loaded now. Asking reloads a set whose files changed, as any scan would.
 */
export async function getRuleSets(deps: Pick<ServiceDeps, 'hunting'>): Promise<RuleSetsOverview> {
  const { hunting } = deps;
  const [{ loaded, refused, sets }, pack] = await Promise.all([hunting.sigma.warm(), hunting.communityYara()]);
  return {
    status: (hunting.dataDir === undefined ? undefined : readStatus(hunting.dataDir)) ?? null,
    sigma: { loaded, refused, sets },
    yara: { loaded: pack.totals.rules, refused: pack.totals.failed, sets: loadedYaraSets(pack) },
  };
}
