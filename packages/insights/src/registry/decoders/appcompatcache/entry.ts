import { filetimeToIso } from '@quarry/registry';

/** One ShimCache entry, in cache order (position 1 = first in the value: the most recently inserted). */
export interface ShimEntry {
  position: number;
  path: string;
  lastModified: string | null;
  /** The insert flag 0x2 (Vista, 7, 8.x); null where the layout records no such flag (XP, 2003, 10/11). */
  executed: boolean | null;
}

/** What one AppCompatCache value decodes to: the layout recognised, its entries, and what was wrong with it. */
export interface ShimCacheValue {
  /** The layout, e.g. "Windows 7 / Server 2008 R2, 32-bit entries"; "unknown" when not recognised. */
  format: string;
  entries: ShimEntry[];
  /** Damage and anomalies, one sentence each; an unrecognised signature is one of these, never rows. */
  warnings: string[];
}

/** The executed bit of the insert flags (Mandiant's CSRSS_FLAG; libyal calls the field "insertion flags"). */
export const INSERT_FLAG_EXECUTED = 0x2;

export const hex = (n: number): string => `0x${n.toString(16).padStart(8, '0')}`;

/**
 * A FILETIME as ISO text; zero (never set) as null. One past year 9999 is no time a correct decoder
 * shows: null, and `warnings` gets a line naming the entry and the raw value.
 */
export function filetimeAt(buf: Buffer, at: number, warnings: string[], entry: number): string | null {
  const ft = buf.readBigUInt64LE(at);
  if (ft === 0n) return null;
  const iso = filetimeToIso(ft);
  if (iso === null) warnings.push(`entry ${entry}: last modification time 0x${ft.toString(16)} is out of range, left empty`);
  return iso;
}

/** UTF-16LE text of `size` bytes at `at`, or null when it does not lie inside the value. */
export function utf16At(buf: Buffer, at: number, size: number): string | null {
  if (!Number.isSafeInteger(at) || at < 0 || size < 0 || at + size > buf.length) return null;
  return buf.toString('utf16le', at, at + (size & ~1));
}
