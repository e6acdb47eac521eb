import { commandHits } from '../../common/command-rules.js';
import { Verdict } from '../../common/importance.js';
import { lolbin } from '../../common/lolbins.js';
import { masquerade } from '../../common/masquerade.js';
import { stagingPath } from '../../common/staging-paths.js';
import { toolName } from '../../common/tool-names.js';
import { commandImage, inProgramFiles } from './command-path.js';
import type { PersistenceEntry } from './entry.js';

const SCRIPT_HOSTS = new Set(['wscript', 'cscript', 'mshta', 'powershell', 'pwsh', 'cmd']);

/**
 * Importance of a registry autostart (INSIGHTS.md §4, "as EVTX Persistence"): Critical for C1/C4/C5
 * commands and the collector's own Critical hits; High for an L1 path, a script host or High-tier
 * LOLBIN, an L5 tool, other L4 hits at their level; Low under Program Files; else the entry's base.
 */
export function judgeEntry(entry: PersistenceEntry): Verdict {
  const v = new Verdict(entry.base);
  for (const h of entry.hits) v.hit(h.level, h.reason);
  const cmd = entry.command;
  if (cmd) {
    const image = commandImage(cmd);
    for (const h of commandHits(cmd)) {
      const id = h.reason.split(' ')[0];
      // C1/C4/C5 in a persistence command are Critical (INSIGHTS.md §3 Persistence).
      v.hit(id === 'C1' || id === 'C4' || id === 'C5' ? 'Critical' : h.importance, h.reason);
    }
    const staging = stagingPath(image);
    if (staging) v.hit(staging.importance, staging.reason);
    const lol = lolbin(image);
    if (
      lol &&
      (lol.tier === 'High' ||
        SCRIPT_HOSTS.has(
          image
            .toLowerCase()
            .replace(/^.*[\\/]/, '')
            .replace(/\.exe$/, ''),
        ))
    ) {
      v.hit('High', lol.reason);
    }
    const masq = masquerade(image);
    if (masq) v.hit(masq.importance, masq.reason);
    const tool = toolName(image);
    if (tool) v.hit('High', `L5 tool name ${tool}`);
    if (v.reasons.length === 0 && inProgramFiles(image)) v.importance = 'Low';
  }
  if (entry.key.deleted || entry.valueDeleted) v.hit('Medium', 'deleted (recovered from free space)');
  return v;
}
