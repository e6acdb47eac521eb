import { programName } from './windows-path.js';

/**
 * The L4 C9 recon programs (INSIGHTS.md §2: whoami, net/net1, nltest, ipconfig, systeminfo,
 * tasklist, quser, qwinsta, arp, netstat, nslookup) as program names, for artifacts that record
 * which program ran but not its command line (prefetch, ShimCache, BAM).
 */
export const RECON_TOOLS: ReadonlySet<string> = new Set([
  'whoami',
  'net',
  'net1',
  'nltest',
  'ipconfig',
  'systeminfo',
  'tasklist',
  'quser',
  'qwinsta',
  'arp',
  'netstat',
  'nslookup',
]);

/** The recon program a path or name is (`NET1.EXE` → `net1`), or null. */
export function reconTool(pathOrName: string): string | null {
  const name = programName(pathOrName);
  return RECON_TOOLS.has(name) ? name : null;
}
