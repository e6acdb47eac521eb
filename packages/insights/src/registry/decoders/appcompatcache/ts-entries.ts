import { filetimeAt, hex, INSERT_FLAG_EXECUTED, type ShimCacheValue, type ShimEntry } from './entry.js';

/**
 * Windows 8.0 / 8.1 / 10 / 11 entries, one after another from the end of the header: signature
 * ("00ts" on 8.0, "10ts" on 8.1 and later), a u32 hash, a u32 body size, then the body: path size
 * u16, path; on 8.x a package name (size u16, name), insert flags u32, shim flags u32; a FILETIME;
 * data size u32, data. The 8.x body follows Mandiant's ShimCacheParser and Eric Zimmerman's
 * AppCompatCacheParser (both read the package name after the path; libyal's winreg-kb leaves it
 * out of 8.0 and places an unknown u16 after the flags on 8.1). 10/11 bodies have no flags, so
 * Executed is empty there.
 */
export interface TsLayout {
  format: string;
  signature: '00ts' | '10ts';
  /** Where the first entry starts (the header size). */
  start: number;
  /** 8.x bodies carry a package name and flags between the path and the FILETIME. */
  flags: boolean;
  /** Offset of the header's entry count, where the layout has one. */
  countAt: number | null;
}

export const WIN8_0: TsLayout = { format: 'Windows 8.0 / Server 2012', signature: '00ts', start: 0x80, flags: true, countAt: null };
export const WIN8_1: TsLayout = { format: 'Windows 8.1 / Server 2012 R2', signature: '10ts', start: 0x80, flags: true, countAt: null };
/** libyal: the 48-byte header counts the entries @36; the 52-byte one (1703 and later) @40. */
export const WIN10: TsLayout = { format: 'Windows 10 / 11 / Server 2016+ (48-byte header)', signature: '10ts', start: 0x30, flags: false, countAt: 0x24 };
export const WIN10_1703: TsLayout = {
  format: 'Windows 10 1703+ / 11 / Server 2019+ (52-byte header)',
  signature: '10ts',
  start: 0x34,
  flags: false,
  countAt: 0x28,
};

/** One entry's body [at, end), or the name of the field that runs past its end. */
function body(buf: Buffer, at: number, end: number, layout: TsLayout, warnings: string[], entry: number): Omit<ShimEntry, 'position'> | string {
  let p = at;
  if (p + 2 > end) return 'path size';
  const size = buf.readUInt16LE(p);
  p += 2;
  if (p + size > end) return 'path';
  const path = buf.toString('utf16le', p, p + (size & ~1));
  p += size;
  let executed: boolean | null = null;
  if (layout.flags) {
    if (p + 2 > end) return 'package name size';
    p += 2 + buf.readUInt16LE(p);
    if (p + 8 > end) return 'package name or insert and shim flags';
    executed = (buf.readUInt32LE(p) & INSERT_FLAG_EXECUTED) !== 0;
    p += 8;
  }
  if (p + 8 > end) return 'last modification time';
  const lastModified = filetimeAt(buf, p, warnings, entry);
  p += 8;
  if (p + 4 > end || p + 4 + buf.readUInt32LE(p) > end) return 'data';
  return { path, lastModified, executed };
}

export function decodeTsEntries(buf: Buffer, layout: TsLayout): ShimCacheValue {
  const entries: ShimEntry[] = [];
  const warnings: string[] = [];
  let at = layout.start;
  while (at < buf.length) {
    if (at + 12 > buf.length && !buf.subarray(at).every((b) => b === 0)) {
      warnings.push(`${buf.length - at} bytes after entry ${entries.length} are too few for an entry header`);
      break;
    }
    // Real values (Windows 8.0, 10) end in zero bytes after the last entry: the end, not damage.
    if (buf.subarray(at).every((b) => b === 0)) break;
    const sig = buf.toString('latin1', at, at + 4);
    if (sig !== layout.signature) {
      warnings.push(`entry ${entries.length + 1} (offset ${at}) has signature ${hex(buf.readUInt32LE(at))}, not "${layout.signature}": stopped there`);
      break;
    }
    const end = at + 12 + buf.readUInt32LE(at + 8);
    if (end > buf.length) {
      warnings.push(`entry ${entries.length + 1} (offset ${at}) declares ${end - at - 12} bytes, past the value's end (${buf.length})`);
      break;
    }
    const e = body(buf, at + 12, end, layout, warnings, entries.length + 1);
    if (typeof e === 'string') {
      warnings.push(`entry ${entries.length + 1} (offset ${at}): its ${e} runs past the entry's declared end`);
      break;
    }
    entries.push({ position: entries.length + 1, ...e });
    at = end;
  }
  // Fewer entries than the header counts means some were lost. More is not an anomaly: regipy's
  // SYSTEM_B (Windows 10, 52-byte header) holds 406 well-formed entries with 45 @0x28.
  if (layout.countAt !== null && buf.length >= layout.countAt + 4) {
    const count = buf.readUInt32LE(layout.countAt);
    if (count > entries.length) warnings.push(`header counts ${count} entries, ${entries.length} decoded`);
  }
  return { format: layout.format, entries, warnings };
}
