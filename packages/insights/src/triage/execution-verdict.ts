import { Verdict } from '../common/importance.js';
import { lolbasFacts } from '../common/lolbas-catalog.js';
import { lolbin } from '../common/lolbins.js';
import { masquerade } from '../common/masquerade.js';
import { programName } from '../common/windows-path.js';
import type { ExecSighting } from './execution-sighting.js';

/**
 * An executable's importance from every reason its sightings give, each named: the per-type rows'
 * own reasons (prefixed with their source), Sigma rules on its process events, and the shared L2
 * (LOLBAS, with its abuse functions) and L3 (a Windows binary name outside its folder) lists
 * applied to its joined path.
 */
export function executionVerdict(key: string, sightings: readonly ExecSighting[]): Verdict {
  const verdict = new Verdict();
  for (const s of sightings) {
    for (const reason of s.reasons) verdict.hit(s.importance, `${s.label ?? s.source}: ${reason}`);
    if (s.reasons.length === 0 && s.importance !== 'Informational') verdict.hit(s.importance, `${s.label ?? s.source}: ${s.importance}`);
    for (const rule of s.sigma ?? []) verdict.hit(rule.level, `Sigma: ${rule.title}`);
  }
  const lol = lolbin(key);
  if (lol) {
    const name = programName(key);
    const functions = lolbasFacts(name)?.functions ?? [];
    const outside = lol.reason.endsWith('outside its usual folder') ? ' outside its usual folder' : '';
    verdict.hit(lol.importance, `LOLBAS: ${name}${functions.length ? ` (${functions.join(', ')})` : ''}${outside}`);
  }
  const masq = masquerade(key);
  // A per-type row already names the same L3 hit: say it once.
  if (masq && !verdict.reasons.some((r) => r.endsWith(masq.reason))) verdict.hit(masq.importance, `masquerade: ${masq.reason.replace(/^L3 /, '')}`);
  return verdict;
}
