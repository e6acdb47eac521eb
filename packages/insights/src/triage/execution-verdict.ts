import { maxImportance, Verdict } from '../common/importance.js';
import { lolbasFacts } from '../common/lolbas-catalog.js';
import { lolbin } from '../common/lolbins.js';
import { masquerade } from '../common/masquerade.js';
import { programName } from '../common/windows-path.js';
import type { KnownExecutables } from '../pipeline/known-executables.js';
import { isWindowsCopy, misplacedWindowsBinary } from './execution-known.js';
import type { ExecSighting } from './execution-sighting.js';

/**
 * An executable's importance from every reason its sightings give, each named: the per-type rows'
 * own reasons (prefixed with their source), Sigma rules on its process events, the shared L2
 * (LOLBAS, with its abuse functions) and L3 (a Windows binary name outside its folder) lists, and
 * the shipped known Windows files (`known`), applied to its joined path. A misplaced known binary
 * is said once: its reason (naming the known folders) stands for L2's and L3's "outside" verdicts,
 * at the highest of their levels; Windows' own copies are neither.
 */
export function executionVerdict(key: string, sightings: readonly ExecSighting[], known?: KnownExecutables): Verdict {
  const verdict = new Verdict();
  for (const s of sightings) {
    for (const reason of s.reasons) verdict.hit(s.importance, `${s.label ?? s.source}: ${reason}`);
    if (s.reasons.length === 0 && s.importance !== 'Informational') verdict.hit(s.importance, `${s.label ?? s.source}: ${s.importance}`);
    for (const rule of s.sigma ?? []) verdict.hit(rule.level, `Sigma: ${rule.title}`);
  }
  const misplaced = misplacedWindowsBinary(key, known);
  let misplacedLevel = misplaced?.level ?? 'Informational';
  const lol = lolbin(key);
  if (lol) {
    const name = programName(key);
    const functions = lolbasFacts(name)?.functions ?? [];
    const outside = lol.reason.endsWith('outside its usual folder') && !misplaced ? ' outside its usual folder' : '';
    verdict.hit(lol.importance, `LOLBAS: ${name}${functions.length ? ` (${functions.join(', ')})` : ''}${outside}`);
  }
  // Windows' own copies (WinSxS, servicing, update staging) sit outside the home folder by design.
  const masq = isWindowsCopy(key) ? null : masquerade(key);
  if (masq && misplaced && / outside /.test(masq.reason)) misplacedLevel = maxImportance(misplacedLevel, masq.importance);
  // A per-type row already names the same L3 hit: say it once.
  else if (masq && !verdict.reasons.some((r) => r.endsWith(masq.reason))) verdict.hit(masq.importance, `masquerade: ${masq.reason.replace(/^L3 /, '')}`);
  if (misplaced) verdict.hit(misplacedLevel, misplaced.reason);
  return verdict;
}
