import { checkedFiletime } from './plausible-time.js';

/** UserAssist value names are ROT13 of the program or shortcut path. */
export function rot13(s: string): string {
  return s.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Known-folder GUIDs that start UserAssist paths (KNOWNFOLDERID values), by folder name. */
const KNOWN_FOLDERS: Record<string, string> = {
  '{1ac14e77-02e7-4e5d-b744-2eb1ae5198b7}': 'System32',
  '{d65231b0-b2f1-4857-a4ce-a8e7c6ea7d27}': 'SysWOW64',
  '{6d809377-6af0-444b-8957-a3773f02200e}': 'Program Files',
  '{905e63b6-c1bf-494e-b29c-65b732d3d21a}': 'Program Files',
  '{7c5a40ef-a0fb-4bfc-874a-c0f2e0b9fa8e}': 'Program Files (x86)',
  '{f38bf404-1d43-42f2-9305-67de0b28fc23}': 'Windows',
  '{a77f5d77-2e2b-44c3-a6a2-aba601054a51}': 'Programs',
  '{0139d44e-6afe-49f2-8690-3dafcae6ffb8}': 'Common Programs',
  '{9e3995ab-1f9c-4f13-b827-48b24b6c7174}': 'User Pinned',
  '{de61d971-5ebc-4f02-a3a9-6c82895e5c04}': 'Add or Remove Programs',
  '{b4bfcc3a-db2c-424c-b029-7fe99a87c641}': 'Desktop',
  '{fdd39ad0-238f-46af-adb4-6c85480369c7}': 'Documents',
  '{374de290-123f-4565-9164-39c4925e467b}': 'Downloads',
};

/** CSIDL numbers (decimal, as XP's `%csidlN%` prefixes write them; shlobj.h values) by folder name. */
const CSIDL: Record<number, string> = {
  0: 'Desktop',
  2: 'Programs',
  5: 'Documents',
  6: 'Favorites',
  7: 'Startup',
  8: 'Recent',
  9: 'SendTo',
  11: 'Start Menu',
  16: 'Desktop',
  22: 'Common Start Menu',
  23: 'Common Programs',
  24: 'Common Startup',
  25: 'Common Desktop',
  26: 'AppData',
  28: 'Local AppData',
  35: 'Common AppData',
  36: 'Windows',
  37: 'System32',
  38: 'Program Files',
  39: 'Pictures',
  40: 'Profile',
  43: 'Common Files',
};

/** A decoded UserAssist name: the program or shortcut, and on XP (v3) the `UEME_*` kind that prefixed it. */
export interface UserAssistName {
  item: string;
  kind: string;
}

/**
 * ROT13-decoded, with a known-folder GUID prefix (7+) or a `%csidlN%` prefix (XP) replaced by the
 * folder's name. XP names are `UEME_<kind>:<target>`; a bare `UEME_<kind>` is kept whole.
 */
export function userAssistName(valueName: string): UserAssistName {
  let name = rot13(valueName);
  let kind = '';
  const ueme = /^(UEME_[A-Za-z]+):(.*)$/s.exec(name);
  if (ueme) {
    kind = ueme[1]!;
    name = ueme[2]!;
  }
  name = name.replace(/^%csidl(\d+)%/i, (m, n: string) => CSIDL[Number(n)] ?? m);
  const m = /^(\{[0-9a-f-]{36}\})(.*)$/is.exec(name);
  const folder = m ? KNOWN_FOLDERS[m[1]!.toLowerCase()] : undefined;
  return { item: folder ? `${folder}${m![2]}` : name, kind };
}

export interface UserAssistData {
  version: 3 | 5;
  runCount: number;
  focusCount: number | null;
  focusMs: number | null;
  lastRun: string | null;
}

/** Data sizes by UserAssist version (the `Version` value of the GUID key: 3 on XP, 5 on 7+). */
const SIZE = { 3: 16, 5: 72 } as const;
/** XP starts each counter at 5 (Didier Stevens, "UserAssist" notes; regipy and RegRipper subtract it too). */
const V3_OFFSET = 5;

/**
 * Counters of one entry. v5 (72 bytes): session @0, run count @4, focus count @8, focus time ms
 * @12, last run FILETIME @60. v3 (16 bytes): session @0, run count + 5 @4, last run FILETIME @8.
 * The layout follows the key's Version (the size when it has none); a size or count that does
 * not fit it, or a time no system wrote, is refused with the reason.
 */
export function decodeUserAssist(buf: Buffer, version: number | null, now = Date.now()): { data: UserAssistData | null; bad: string | null } {
  const v = version === 3 || version === 5 ? version : buf.length === SIZE[5] ? 5 : buf.length === SIZE[3] ? 3 : null;
  if (v === null)
    return { data: null, bad: `${buf.length}-byte data fits neither layout (16 bytes v3, 72 bytes v5)${version === null ? '' : ` and Version is ${version}`}` };
  if (buf.length !== SIZE[v]) return { data: null, bad: `${buf.length}-byte data under Version ${v}, whose entries are ${SIZE[v]} bytes` };
  const raw = buf.readUInt32LE(4);
  if (v === 3 && raw < V3_OFFSET) return { data: null, bad: `v3 count ${raw} is below its offset of ${V3_OFFSET}` };
  const t = checkedFiletime(buf, v === 5 ? 60 : 8, now);
  if (t.bad) return { data: null, bad: t.bad };
  if (v === 3) return { data: { version: 3, runCount: raw - V3_OFFSET, focusCount: null, focusMs: null, lastRun: t.iso }, bad: null };
  return { data: { version: 5, runCount: raw, focusCount: buf.readUInt32LE(8), focusMs: buf.readUInt32LE(12), lastRun: t.iso }, bad: null };
}
