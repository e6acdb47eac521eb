import type { Importance } from '../types.js';
import { folderOf, programName } from './windows-path.js';

/**
 * L3 masquerading (INSIGHTS.md §2): system process names that belong in one folder. The same name
 * elsewhere, or a name one or two edits away (scvhost, lssas), is a classic disguise.
 */
const SYSTEM32 = `svchost lsass csrss smss services wininit winlogon spoolsv taskhost taskhostw dllhost conhost rundll32 lsm ctfmon
searchindexer runtimebroker sihost dwm userinit logonui`
  .split(/\s+/)
  .filter(Boolean);
const WINDOWS = ['explorer', 'regedit', 'hh'];
/**
 * Genuine Windows programs one or two edits from a name above, never lookalikes: iexplore
 * (explorer; seen on the Win8 IEXPLORE.EXE prefetch sample), lsaiso (lsass), dashost and taskhostex
 * (taskhost) — all shipped in System32 or Program Files.
 */
const GENUINE = new Set(['iexplore', 'lsaiso', 'dashost', 'taskhostex']);
const HOME = new Map<string, 'system32' | 'windows'>([...SYSTEM32.map((n) => [n, 'system32'] as const), ...WINDOWS.map((n) => [n, 'windows'] as const)]);

/** Levenshtein distance, stopping early once it exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

function inHome(folder: string, home: 'system32' | 'windows'): boolean {
  const f = folder.replace(/^[a-z]:/, '').replace(/^\\systemroot\\/, '\\windows\\');
  if (home === 'windows') return f === '\\windows\\';
  return f === '\\windows\\system32\\' || f === '\\windows\\syswow64\\';
}

export interface MasqueradeHit {
  importance: Importance;
  reason: string;
}

/** The L3 verdict for a full image path (needs a folder to judge), or null. */
export function masquerade(imagePath: string): MasqueradeHit | null {
  const folder = folderOf(imagePath);
  if (folder === '') return null;
  const name = programName(imagePath);
  const home = HOME.get(name);
  if (home)
    return inHome(folder, home) ? null : { importance: 'Critical', reason: `L3 ${name} outside ${home === 'windows' ? '\\Windows' : '\\Windows\\System32'}` };
  if (name.length < 4 || GENUINE.has(name)) return null;
  for (const known of HOME.keys()) {
    // Short names (hh, lsm, dwm) would match too much at distance 2.
    if (known.length < 5) continue;
    const d = distance(name, known, 2);
    if (d >= 1 && d <= 2) return { importance: 'High', reason: `L3 ${name} resembles ${known}` };
  }
  return null;
}
