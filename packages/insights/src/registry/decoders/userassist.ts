import { filetimeToIso } from '@quarry/registry';

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

/** A decoded UserAssist name with a known-folder GUID prefix replaced by the folder's name. */
export function userAssistName(valueName: string): string {
  const name = rot13(valueName);
  const m = /^(\{[0-9a-f-]{36}\})(.*)$/i.exec(name);
  const folder = m ? KNOWN_FOLDERS[m[1]!.toLowerCase()] : undefined;
  return folder ? `${folder}${m![2]}` : name;
}

export interface UserAssistData {
  runCount: number;
  focusCount: number | null;
  focusMs: number | null;
  lastRun: string | null;
}

/**
 * Counters: 72-byte (Win7+) data holds run count @4, focus count @8, focus time ms @12 and last
 * run FILETIME @60; 16-byte (XP) data holds count @4 (stored +5) and last run @8.
 */
export function decodeUserAssist(buf: Buffer): UserAssistData | null {
  if (buf.length >= 72) {
    return { runCount: buf.readUInt32LE(4), focusCount: buf.readUInt32LE(8), focusMs: buf.readUInt32LE(12), lastRun: filetimeToIso(buf.readBigUInt64LE(60)) };
  }
  if (buf.length === 16) {
    const count = buf.readUInt32LE(4);
    return { runCount: count >= 5 ? count - 5 : count, focusCount: null, focusMs: null, lastRun: filetimeToIso(buf.readBigUInt64LE(8)) };
  }
  return null;
}
