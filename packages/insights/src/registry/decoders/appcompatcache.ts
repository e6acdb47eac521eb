import { filetimeToIso } from '@quarry/registry';

/** One ShimCache entry, in cache order (position 1 = most recently added). */
export interface ShimEntry {
  position: number;
  path: string;
  lastModified: string | null;
  /** Vista/7 insert flag 0x2; null where the format does not record it. */
  executed: boolean | null;
}

const MAX_ENTRIES = 4096;

function utf16(buf: Buffer, at: number, len: number): string {
  if (at < 0 || len < 0 || at + len > buf.length) return '';
  return buf.toString('utf16le', at, at + (len & ~1));
}

/** Windows 8.x / 10 / 11: a header, then "00ts"/"10ts" entries (signature, u32 hash, u32 size, u16 path length, path, [8.x: package, flags,] FILETIME, data). */
function tsEntries(buf: Buffer, start: number, win8 = false): ShimEntry[] {
  const out: ShimEntry[] = [];
  let at = start;
  while (at + 12 <= buf.length && out.length < MAX_ENTRIES) {
    const sig = buf.toString('latin1', at, at + 4);
    if (sig !== '00ts' && sig !== '10ts') break;
    const size = buf.readUInt32LE(at + 8);
    const body = at + 12;
    if (body + size > buf.length || size < 2) break;
    const len = buf.readUInt16LE(body);
    const path = utf16(buf, body + 2, len);
    let ft = body + 2 + len;
    // Windows 8.x puts a package name and two flag words between the path and the time.
    if (win8 && ft + 2 <= body + size) ft += 2 + buf.readUInt16LE(ft) + 8;
    const lastModified = ft + 8 <= body + size ? filetimeToIso(buf.readBigUInt64LE(ft)) : null;
    out.push({ position: out.length + 1, path, lastModified, executed: null });
    at = body + size;
  }
  return out;
}

/** Vista/7 (0xbadc0fee): count @4, entries from 0x80 of 32 bytes (64-bit) or 24 bytes (32-bit). */
function win7(buf: Buffer): ShimEntry[] {
  const count = Math.min(buf.readUInt32LE(4), MAX_ENTRIES);
  // 64-bit entries put the path offset at +8 as a u64; on 32-bit it is a u32 at +4.
  const is64 = buf.length >= 0x80 + 32 && buf.readUInt32LE(0x80 + 12) === 0;
  const size = is64 ? 32 : 24;
  const out: ShimEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = 0x80 + i * size;
    if (e + size > buf.length) break;
    const len = buf.readUInt16LE(e);
    const off = is64 ? Number(buf.readBigUInt64LE(e + 8)) : buf.readUInt32LE(e + 4);
    const ftAt = is64 ? e + 16 : e + 8;
    const flags = buf.readUInt32LE(ftAt + 8);
    out.push({ position: i + 1, path: utf16(buf, off, len), lastModified: filetimeToIso(buf.readBigUInt64LE(ftAt)), executed: (flags & 0x2) !== 0 });
  }
  return out;
}

/** XP (0xdeadbeef): count @4, 96 entries from 0x190 of 552 bytes (520-byte path, FILETIME @528). */
function xp(buf: Buffer): ShimEntry[] {
  const count = Math.min(buf.readUInt32LE(4), 96);
  const out: ShimEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = 0x190 + i * 552;
    if (e + 552 > buf.length) break;
    const raw = buf.toString('utf16le', e, e + 520);
    out.push({ position: i + 1, path: raw.slice(0, raw.indexOf('\0') < 0 ? undefined : raw.indexOf('\0')), lastModified: filetimeToIso(buf.readBigUInt64LE(e + 528)), executed: null });
  }
  return out;
}

/** Decodes the AppCompatCache value by its header; unknown formats yield no entries (the caller says so). */
export function decodeAppCompatCache(buf: Buffer): { format: string; entries: ShimEntry[] } {
  if (buf.length < 8) return { format: 'unknown', entries: [] };
  const magic = buf.readUInt32LE(0);
  if (magic === 0xdeadbeef) return { format: 'Windows XP', entries: xp(buf) };
  if (magic === 0xbadc0fee) return { format: 'Windows Vista/7', entries: win7(buf) };
  if (magic === 0x80 && buf.toString('latin1', 0x80, 0x84).endsWith('ts')) return { format: 'Windows 8', entries: tsEntries(buf, 0x80, true) };
  // Windows 10/11: the header size is the first u32 (0x30 or 0x34).
  if ((magic === 0x30 || magic === 0x34) && buf.length >= magic + 4) return { format: 'Windows 10/11', entries: tsEntries(buf, magic) };
  return { format: `unknown (header 0x${magic.toString(16)})`, entries: [] };
}
