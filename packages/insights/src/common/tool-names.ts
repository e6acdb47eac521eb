import { programName } from './windows-path.js';

/** L5 attacker tool names (INSIGHTS.md §2), matched on a file, image or service name → High. */
export const TOOL_NAMES: readonly string[] = [
  'mimikatz',
  'psexec',
  'psexesvc',
  'paexec',
  'remcom',
  'csexec',
  'procdump',
  'nbtscan',
  'nmap',
  'nc',
  'ncat',
  'netcat',
  'plink',
  'wce',
  'pwdump',
  'gsecdump',
  'rubeus',
  'sharphound',
  'adfind',
  'lazagne',
  'kerbrute',
  'chisel',
  'ngrok',
];
const NAMES = new Set(TOOL_NAMES);

/**
 * The L5 tool a path or name is (base name without extension, `procdump64` counting as procdump),
 * or null. Whole names only: `nc` must not match `sync.exe`.
 */
export function toolName(pathOrName: string): string | null {
  const n = programName(pathOrName).replace(/\.[a-z0-9]{1,4}$/, '');
  if (NAMES.has(n)) return n;
  const trimmed = n.replace(/(64|32|\.x64|_x64)$/, '');
  return NAMES.has(trimmed) ? trimmed : null;
}
