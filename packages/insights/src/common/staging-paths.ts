import type { Importance } from '../types.js';

/**
 * L1 staging paths (INSIGHTS.md §2): folders where attackers drop and run tools — user-writable,
 * rarely holding installed software. Sources: Chainsaw's suspicious service folders, PECmd's
 * "temp"/"tmp" flag, DeepBlueCLI.
 */
const HIGH_SEGMENTS = [
  '\\users\\public\\',
  '\\temp\\',
  '\\tmp\\',
  '\\windows\\temp\\',
  '\\downloads\\',
  '\\desktop\\',
  '\\documents\\',
  '\\perflogs\\',
  '\\$recycle.bin\\',
  '\\intel\\',
];

export interface StagingHit {
  importance: Importance;
  reason: string;
}

/** Windows path as found in events or artifacts: forward slashes and `\??\` prefixes normalised, lower case. */
function normalise(path: string): string {
  let p = path.trim().toLowerCase().replace(/\//g, '\\');
  if (p.startsWith('"')) p = p.slice(1, p.indexOf('"', 1) > 0 ? p.indexOf('"', 1) : undefined);
  if (p.startsWith('\\??\\')) p = p.slice(4);
  return p;
}

/** The L1 verdict for a file path (an image or a file written), or null when it is not a staging place. */
export function stagingPath(path: string): StagingHit | null {
  if (!path) return null;
  const p = normalise(path);
  for (const seg of HIGH_SEGMENTS) if (p.includes(seg)) return { importance: 'High', reason: `L1 staging path (${seg.slice(1, -1)})` };
  const pd = p.indexOf('\\programdata\\');
  if (pd >= 0 && !p.startsWith('\\microsoft\\', pd + 12)) return { importance: 'High', reason: 'L1 staging path (ProgramData)' };
  const roaming = p.indexOf('\\appdata\\roaming\\');
  if (roaming >= 0 && !p.includes('\\', roaming + 17)) return { importance: 'High', reason: 'L1 staging path (AppData\\Roaming root)' };
  // A file directly at a volume root: `c:\x.exe`.
  if (/^[a-z]:\\[^\\]+$/.test(p)) return { importance: 'High', reason: 'L1 staging path (volume root)' };
  if (/\\users\\[^\\]+\\appdata\\/.test(p)) return { importance: 'Medium', reason: 'L1 user AppData path' };
  return null;
}
