import { commandHits } from '../common/command-rules.js';
import { Verdict } from '../common/importance.js';
import { lolbin } from '../common/lolbins.js';
import { masquerade } from '../common/masquerade.js';
import { stagingPath } from '../common/staging-paths.js';
import { toolName } from '../common/tool-names.js';
import { programName } from '../common/windows-path.js';
import type { ProcessEvent } from './process-event.js';

const OFFICE = new Set(['winword', 'excel', 'powerpnt', 'outlook', 'msaccess', 'mspub', 'visio']);
const OFFICE_CHILDREN = new Set(['cmd', 'powershell', 'pwsh', 'wscript', 'cscript', 'mshta', 'rundll32', 'regsvr32']);
const SHELLS = new Set(['cmd', 'powershell', 'pwsh']);
const WEB_SERVERS = new Set(['w3wp', 'httpd', 'tomcat', 'tomcat7', 'tomcat8', 'tomcat9', 'sqlservr']);
const ANY_SHELL = new Set(['cmd', 'powershell', 'pwsh', 'powershell_ise', 'wscript', 'cscript', 'bash', 'sh']);

/** Parent → child rules of INSIGHTS.md §3 (Process importance). */
function parentChild(parent: string, child: string, v: Verdict): void {
  if (!parent) return;
  if (OFFICE.has(parent) && OFFICE_CHILDREN.has(child)) v.hit('High', `Office app ${parent} started ${child}`);
  if ((parent === 'services' || parent === 'wmiprvse') && SHELLS.has(child)) v.hit('High', `${parent} started ${child}`);
  if (WEB_SERVERS.has(parent) && ANY_SHELL.has(child)) v.hit('Critical', `web/SQL server ${parent} started ${child}`);
  if (parent === 'scrcons') v.hit('High', `WMI script consumer started ${child}`);
  if (parent === 'userinit' && child !== 'explorer') v.hit('High', `userinit started ${child}`);
  if (parent === 'lsass') v.hit('Critical', `lsass started ${child}`);
}

/**
 * Importance of one process creation: the max of L1 (image path), L2, L3, L4 (command line), L5 and
 * the parent → child rules. The recon command (C9), if any, is returned for the burst rule.
 */
export function processVerdict(p: ProcessEvent): { verdict: Verdict; recon: string | undefined } {
  const v = new Verdict();
  const staging = stagingPath(p.image);
  if (staging) v.hit(staging.importance, staging.reason);
  const lol = lolbin(p.image);
  if (lol) v.hit(lol.importance, lol.reason);
  const masq = masquerade(p.image);
  if (masq) v.hit(masq.importance, masq.reason);
  let recon: string | undefined;
  for (const h of commandHits(p.commandLine, p.image)) {
    v.hit(h.importance, h.reason);
    recon ??= h.recon;
  }
  const tool = toolName(p.image);
  if (tool) v.hit('High', `L5 tool ${tool}`);
  parentChild(p.parentImage ? programName(p.parentImage) : '', programName(p.image), v);
  return { verdict: v, recon };
}
