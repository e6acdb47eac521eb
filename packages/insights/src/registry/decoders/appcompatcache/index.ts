import { hex, type ShimCacheValue } from './entry.js';
import { decodeNt5 } from './nt5.js';
import { decodeTsEntries, WIN10, WIN10_1703, WIN8_0, WIN8_1 } from './ts-entries.js';
import { decodeWin7 } from './win7.js';
import { decodeXp } from './xp.js';

export type { ShimCacheValue, ShimEntry } from './entry.js';

/**
 * Decodes an AppCompatCache value by its signature (the first u32) and, for 8.x and later where
 * that u32 is the header size, by the first entry's signature; the word size of the fixed-size
 * layouts is checked against every entry (entry-table.ts). Anything else is a warning naming the
 * signature, never rows.
 */
export function decodeAppCompatCache(buf: Buffer): ShimCacheValue {
  if (buf.length < 4) return { format: 'unknown', entries: [], warnings: [`AppCompatCache value of ${buf.length} bytes has no signature`] };
  const signature = buf.readUInt32LE(0);
  if (signature === 0xdeadbeef) return decodeXp(buf);
  if (signature === 0xbadc0ffe) return decodeNt5(buf);
  if (signature === 0xbadc0fee) return decodeWin7(buf);
  // 8.x is recognised by its first entry's signature at 0x80: the u32 before it is 0x80 in libyal's
  // description but 0 in a real Windows 8.0 value (Eric Zimmerman's Win80.bin), so it is not relied on.
  const at80 = buf.length >= 0x84 ? buf.toString('latin1', 0x80, 0x84) : '';
  const entrySig = buf.length >= signature + 4 ? buf.toString('latin1', signature, signature + 4) : '';
  if (signature === 0x30 && entrySig === '10ts') return decodeTsEntries(buf, WIN10);
  if (signature === 0x34 && entrySig === '10ts') return decodeTsEntries(buf, WIN10_1703);
  if (at80 === '00ts') return decodeTsEntries(buf, WIN8_0);
  if (at80 === '10ts') return decodeTsEntries(buf, WIN8_1);
  const first = [0x30, 0x34, 0x80].includes(signature) && buf.length >= signature + 4 ? `, first entry signature ${hex(buf.readUInt32LE(signature))}` : '';
  return { format: 'unknown', entries: [], warnings: [`unknown AppCompatCache signature ${hex(signature)}${first} (${buf.length} bytes): not decoded`] };
}
