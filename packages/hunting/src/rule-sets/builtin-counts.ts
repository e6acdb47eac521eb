import { BUILTIN_RULES_DIR, loadPack } from '@quarry/yara';
import { loadCommunityRules } from '../sigma/community-rules.js';

/** Rules of the packs shipped with Quarry: what jobs run when no community set is installed. */
export interface BuiltinCounts {
  sigma: number;
  yara: number;
}

export async function builtinRuleCounts(): Promise<BuiltinCounts> {
  const yara = await loadPack({ dirs: [BUILTIN_RULES_DIR] });
  return { sigma: loadCommunityRules([]).loaded, yara: yara.totals.rules };
}
