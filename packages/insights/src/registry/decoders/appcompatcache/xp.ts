import { filetimeAt, type ShimCacheValue, type ShimEntry } from './entry.js';

/**
 * Windows XP 32-bit (signature 0xdeadbeef). libyal winreg-kb "Application compatibility cache key":
 * a 400-byte header (signature, a u32 @4, a u32 @8, an LRU array of entry indexes @16), then
 * 552-byte entries: a 528-byte NUL-terminated UTF-16 path (MAX_PATH + 4 characters), last
 * modification FILETIME @528, file size @536, last update FILETIME @544. On a real XP value
 * (Eric Zimmerman's WinXPx86.bin, in Velocidex regparser's test data) @4 is 96, the capacity, and
 * @8 is 17, the entries in use (slots 18-96 are empty): the count is @8, as Mandiant's
 * ShimCacheParser (and regipy's copy of it) read it. Positions are the slots' order. XP records
 * no executed flag.
 */
export const XP_HEADER = 0x190;
export const XP_ENTRY = 552;
export const XP_PATH_BYTES = 528;
export const XP_MAX_ENTRIES = 96;

export function decodeXp(buf: Buffer): ShimCacheValue {
  const format = 'Windows XP, 32-bit entries';
  const warnings: string[] = [];
  if (buf.length < XP_HEADER) return { format, entries: [], warnings: [`value is ${buf.length} bytes, shorter than the ${XP_HEADER}-byte XP header`] };
  let count = buf.readUInt32LE(8);
  if (count > XP_MAX_ENTRIES) {
    warnings.push(`entry count ${count} exceeds the XP maximum of ${XP_MAX_ENTRIES}; read ${XP_MAX_ENTRIES}`);
    count = XP_MAX_ENTRIES;
  }
  const room = Math.floor((buf.length - XP_HEADER) / XP_ENTRY);
  if (room < count) {
    warnings.push(`value holds ${room} of the ${count} entries its header counts (${buf.length} bytes)`);
    count = room;
  }
  const entries: ShimEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = XP_HEADER + i * XP_ENTRY;
    const raw = buf.toString('utf16le', e, e + XP_PATH_BYTES);
    const end = raw.indexOf('\0');
    if (end < 0) warnings.push(`entry ${i + 1}: path has no terminating NUL within ${XP_PATH_BYTES} bytes`);
    entries.push({
      position: i + 1,
      path: end < 0 ? raw : raw.slice(0, end),
      lastModified: filetimeAt(buf, e + XP_PATH_BYTES, warnings, i + 1),
      executed: null,
    });
  }
  return { format, entries, warnings };
}
