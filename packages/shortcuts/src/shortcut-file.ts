import { ShortcutError } from './errors.js';
import { parseAutomaticDestinations, type JumpListOptions } from './jumplists/automatic-destinations.js';
import { hasCompoundFileMagic, readCompoundStreams } from './jumplists/compound-file.js';
import { CATEGORY_FOOTER, parseCustomDestinations, SHELL_LINK_CLSID } from './jumplists/custom-destinations.js';
import { isShellLink, parseShellLink } from './link/parse-shell-link.js';
import type { ShortcutFile, ShortcutFileKind } from './model.js';

/** How far into a customDestinations file its first footer or link is looked for. */
const CUSTOM_PROBE = 64 * 1024;

/**
 * What a file holds, by content alone (real links often carry other extensions): a shell link
 * header, a compound file with a DestList or hex-named link streams, or a customDestinations
 * header followed by a category footer or a link. null for anything else.
 */
export function detectShortcutKind(bytes: Uint8Array): ShortcutFileKind | null {
  if (isShellLink(bytes)) return 'link';
  if (hasCompoundFileMagic(bytes)) return isJumpListCompound(bytes) ? 'automaticDestinations' : null;
  return isCustomDestinations(bytes) ? 'customDestinations' : null;
}

/** Parses any shell link or Jump List; a file that is none of them is a ShortcutError. */
export function parseShortcutFile(bytes: Uint8Array, options: JumpListOptions = {}): ShortcutFile {
  switch (detectShortcutKind(bytes)) {
    case 'link':
      return { kind: 'link', link: parseShellLink(bytes) };
    case 'automaticDestinations':
      return parseAutomaticDestinations(bytes, options);
    case 'customDestinations':
      return parseCustomDestinations(bytes, options);
    case null:
      throw new ShortcutError('neither a shell link nor a Jump List', { format: 'LNK', structure: 'file signature', offset: 0 });
  }
}

function u32(bytes: Uint8Array, offset: number): number | null {
  if (offset + 4 > bytes.length) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
}

function isJumpListCompound(bytes: Uint8Array): boolean {
  try {
    return readCompoundStreams(bytes).some((s) => s.path === 'DestList' || /^[0-9a-f]+$/i.test(s.path));
  } catch (error) {
    if (error instanceof ShortcutError) return false;
    throw error;
  }
}

function isCustomDestinations(bytes: Uint8Array): boolean {
  if (u32(bytes, 0) !== 2 || bytes.length < 12) return false;
  const categories = u32(bytes, 4) ?? 0;
  if (categories === 0) return bytes.length === 12;
  const firstType = u32(bytes, 12);
  if (firstType === null || firstType > 2) return false;
  const probe = bytes.subarray(12, Math.min(bytes.length, CUSTOM_PROBE));
  return hasFooter(probe) || indexOf(probe, SHELL_LINK_CLSID) >= 0;
}

function hasFooter(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let o = 0; o + 4 <= bytes.length; o++) if (view.getUint32(o, true) === CATEGORY_FOOTER) return true;
  return false;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}
