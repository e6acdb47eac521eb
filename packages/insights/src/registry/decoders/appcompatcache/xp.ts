import { filetimeAt, type ShimCacheValue, type ShimEntry } from './entry.js';

/**
 * Windows XP 32-bit (signature 0xdeadbeef). libyal winreg-kb "Application compatibility cache key":
 * a 400-byte header (signature, number of cached entries @4, number of LRU entries @8, LRU array
 * @16), then 552-byte entries: a 528-byte NUL-terminated UTF-16 path (MAX_PATH + 4 characters),
 * last modification FILETIME @528, file size @536, last update FILETIME @544. At most 96 entries.
 * The count is read @4 as libyal and Eric Zimmerman's AppCompatCacheParser do (Mandiant's parser,
 * and regipy's copy of it, read the LRU count @8). XP records no executed flag.
 */
export const XP_HEADER = 0x190;
export const XP_ENTRY = 552;
export const XP_PATH_BYTES = 528;
export const XP_MAX_ENTRIES = 96;

export function decodeXp(buf: Buffer): ShimCacheValue {
  const format = 'Windows XP, 32-bit entries';
  const warnings: string[] = [];
  if (buf.length < XP_HEADER) return { format, entries: [], warnings: [`value is ${buf.length} bytes, shorter than the ${XP_HEADER}-byte XP header`] };
  let count = buf.readUInt32LE(4);
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
    entries.push({ position: i + 1, path: end < 0 ? raw : raw.slice(0, end), lastModified: filetimeAt(buf, e + XP_PATH_BYTES), executed: null });
  }
  return { format, entries, warnings };
}
