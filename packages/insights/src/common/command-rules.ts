import type { Importance } from '../types.js';
import { lolbin } from './lolbins.js';

/**
 * L4 command-line rules (INSIGHTS.md §2; Chainsaw/DeepBlueCLI/APT-Hunter command patterns). Each
 * hit names its rule ("C1 encoded command"). C9 recon bursts need several events and are left to
 * the callers that see them; here a single recon command is Low.
 */
export interface CommandHit {
  /** Rule id, C1…C10. */
  code: string;
  importance: Importance;
  reason: string;
  /** C9 only: the recon command found (whoami, net, nltest, …), for the "≥ 3 distinct in 10 min" rule. */
  recon?: string;
}

interface Rule {
  id: string;
  importance: Importance;
  label: string;
  test: (cmd: string, lower: string, image: string) => boolean;
}

const ENCODED = /(?:^|\s)[-/](?:e|ec|enc|enco|encodedcommand)\s+["']?([a-z0-9+/=]{100,})/i;
const URL = /\bhttps?:\/\/|\bftp:\/\//i;

const RULES: readonly Rule[] = [
  { id: 'C1', importance: 'High', label: 'encoded command', test: (c, l) => ENCODED.test(c) || l.includes('frombase64string') },
  {
    id: 'C2',
    importance: 'High',
    label: 'hidden/non-interactive PowerShell',
    test: (_c, l) => /(powershell|pwsh)/.test(l) && /\s-(w(indowstyle)?\s+h(idden)?|nop(rofile)?|noni(nteractive)?)\b/.test(l),
  },
  {
    id: 'C3',
    importance: 'High',
    label: 'download or in-memory execution',
    test: (c, l, image) =>
      /\b(iex|invoke-expression|downloadstring|downloadfile|net\.webclient|invoke-webrequest|start-bitstransfer)\b/.test(l) ||
      (URL.test(c) && isLolbinCommand(c, image)),
  },
  {
    id: 'C4',
    importance: 'Critical',
    label: 'named-pipe / comspec service trick',
    test: (_c, l) => /echo\s.*>\s*\\\\\.\\pipe\\/.test(l) || l.includes('%comspec% /b /c start'),
  },
  {
    id: 'C5',
    importance: 'Critical',
    label: 'credential dumping',
    test: (_c, l) =>
      l.includes('mimikatz') ||
      l.includes('sekurlsa::') ||
      l.includes('lsadump::') ||
      (/procdump|comsvcs(\.dll)?[ ,]+#?minidump/.test(l) && l.includes('lsass')),
  },
  {
    id: 'C6',
    importance: 'High',
    label: 'recovery or log destruction',
    test: (_c, l) =>
      /vssadmin(\.exe)?\s+delete\s+shadows|wbadmin(\.exe)?\s+delete|bcdedit.*recoveryenabled\s+no|wevtutil(\.exe)?\s+cl\b|clear-eventlog/.test(l),
  },
  { id: 'C7', importance: 'Medium', label: 'account added', test: (_c, l) => /\bnet1?(\.exe)?\s+(user\s.*\/add|localgroup\s+administrators\s.*\/add)/.test(l) },
  {
    id: 'C8',
    importance: 'Medium',
    label: 'persistence command',
    test: (_c, l) => /reg(\.exe)?\s+add\s.*\\currentversion\\run|schtasks(\.exe)?\s+\/create|\bsc(\.exe)?\s+(create|config)\b/.test(l),
  },
  {
    id: 'C9',
    importance: 'Low',
    label: 'recon command',
    test: (_c, l) => RECON.test(l),
  },
  { id: 'C10', importance: 'Medium', label: 'very long command line', test: (c) => c.length >= 1000 },
];

/** "A URL in an L2 command": the process image (when known) or the line's first program is an L2 binary. */
function isLolbinCommand(cmd: string, image: string): boolean {
  if (image && lolbin(image)) return true;
  const first = /^\s*"([^"]+)"|^\s*(\S+)/.exec(cmd);
  return lolbin(first?.[1] ?? first?.[2] ?? '') !== null;
}

const RECON =
  /(?:^|[\s\\"])(whoami|nltest|ipconfig|systeminfo|tasklist|quser|qwinsta|arp|netstat|nslookup)(?:\.exe)?\b|\b(net1?)(?:\.exe)?\s+(?:user|group|localgroup|view|share)\b/;

/** Every L4 rule a command line hits; `image`, the process's path when known, helps C3. */
export function commandHits(cmd: string, image = ''): CommandHit[] {
  if (!cmd) return [];
  const lower = cmd.toLowerCase();
  const out: CommandHit[] = [];
  for (const r of RULES) {
    if (!r.test(cmd, lower, image)) continue;
    const hit: CommandHit = { code: r.id, importance: r.importance, reason: `${r.id} ${r.label}` };
    if (r.id === 'C9') {
      const m = RECON.exec(lower);
      hit.recon = m?.[1] ?? m?.[2] ?? 'recon';
    }
    out.push(hit);
  }
  return out;
}

/** The rule ids hit (C1…C10), for rules that depend on which one fired. */
export function commandRuleIds(cmd: string): string[] {
  return commandHits(cmd).map((h) => h.reason.split(' ')[0]!);
}
