import { commandHits } from '../common/command-rules.js';
import { Verdict } from '../common/importance.js';
import { lolbin } from '../common/lolbins.js';
import { stagingPath } from '../common/staging-paths.js';
import { toolName } from '../common/tool-names.js';
import { programName } from '../common/windows-path.js';
import { isSystemAccount } from './accounts.js';
import type { PersistenceEvent } from './persistence-entry.js';

const SCRIPT_HOSTS = /\b(wscript|cscript|mshta|powershell|pwsh)(\.exe)?\b/i;
const PRIVILEGED_GROUPS = /^(administrators|domain admins|enterprise admins|remote desktop users|backup operators)$/i;
/** DeepBlueCLI: randomly named services (Metasploit psexec) have 16 or 22 letters. */
const RANDOM_SERVICE = /^[A-Za-z]{16}$|^[A-Za-z]{22}$/;
const SYSTEM_ACCOUNTS = /^(localsystem|nt authority\\(system|localservice|local service|networkservice|network service))$/i;

/** The first program of a command line (quoted or not). */
function commandImage(cmd: string): string {
  const m = /^\s*"([^"]+)"|^\s*(\S+)/.exec(cmd);
  return m?.[1] ?? m?.[2] ?? '';
}

/** INSIGHTS.md §3 Persistence importance. */
export function persistenceVerdict(e: PersistenceEvent): Verdict {
  const v = new Verdict('Low');
  const cmd = e.command;
  for (const h of commandHits(cmd)) {
    if (h.code === 'C1' || h.code === 'C4' || h.code === 'C5') v.hit('Critical', h.reason);
  }
  if (e.mechanism === 'Service installed' && RANDOM_SERVICE.test(e.name)) {
    // DeepBlueCLI flags the name alone (Metasploit psexec's random 16/22 letters); with a shell it is Critical.
    if (/\b(cmd|powershell|pwsh)(\.exe)?\b|%comspec%/i.test(cmd)) v.hit('Critical', '16/22-letter service name running a shell');
    else v.hit('High', '16/22-letter service name (Metasploit psexec)');
  }
  if (e.critical) v.hit('Critical', e.critical);
  const image = commandImage(cmd);
  const staging = stagingPath(image);
  if (staging?.importance === 'High') v.hit('High', staging.reason);
  if (SCRIPT_HOSTS.test(cmd)) v.hit('High', 'script host in the command');
  const lol = lolbin(image);
  if (lol?.tier === 'High') v.hit('High', lol.reason);
  const tool = toolName(e.name) ?? toolName(image);
  if (tool) v.hit('High', `L5 tool ${tool}`);
  if (e.consumerType && /script|command ?line/i.test(e.consumerType)) v.hit('High', `${e.consumerType} WMI consumer`);
  if (
    e.mechanism === 'WMI subscription: binding' &&
    /CommandLineEventConsumer|ActiveScriptEventConsumer/i.test(`${e.name} ${e.command} ${e.consumerType ?? ''}`)
  )
    v.hit('High', 'script/command-line WMI consumer');
  if (e.group && PRIVILEGED_GROUPS.test(e.group)) v.hit('High', `member of ${e.group}`);
  if (e.mechanism === 'Account created' && e.name.endsWith('$')) v.hit('High', 'user account named like a computer ($)');
  if (
    v.reasons.length === 0 &&
    e.account &&
    !isSystemAccount(programName(e.account)) &&
    !SYSTEM_ACCOUNTS.test(e.account) &&
    !/\\(system|local service|network service)$/i.test(e.account)
  )
    v.hit('Medium', 'set up by a non-system account');
  return v;
}
