import { readDosDateTime } from '../dos-datetime.js';
import { filetimeToIso } from '../filetime.js';
import type { ShellItemExtension } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';

/**
 * The 0xBEEF0004 file entry extension: FAT created/accessed times, then (version ≥ 7) the NTFS file
 * reference, then the long (UTF-16) name and, when its size is non-zero, the localised name (ANSI
 * before version 7, UTF-16 from it).
 */
function readBeef0004(r: LinkReader, at: number, end: number, version: number, ext: ShellItemExtension, warnings: Warnings): void {
  const s = 'file entry extension 0xbeef0004';
  ext.created = readDosDateTime(r, at + 8, warnings, `${s} creation time`);
  ext.accessed = readDosDateTime(r, at + 12, warnings, `${s} access time`);
  let pos = at + 18;
  if (version >= 7) {
    // 48-bit entry number and 16-bit sequence, from two 32-bit halves (no BigInt per file entry).
    const low = r.u32(at + 20, s);
    const high = r.u32(at + 24, s);
    ext.mftEntry = (high & 0xffff) * 0x1_0000_0000 + low;
    ext.mftSequence = high >>> 16;
    pos += 18;
  }
  let localizedSize = 0;
  if (version >= 3) {
    localizedSize = r.u16(pos, s);
    pos += 2;
  }
  if (version >= 9) pos += 4;
  if (version >= 8) pos += 4;
  const limit = end - 2; // the last two bytes point back at the block's version field
  const long = r.utf16z(pos, limit, s);
  ext.longName = long.text;
  if (version >= 3 && localizedSize > 0 && long.end < limit) {
    ext.localizedName = version >= 7 ? r.utf16z(long.end, limit, s).text : r.ansiz(long.end, limit, s).text;
  }
}

function readOther(r: LinkReader, at: number, end: number, signature: number, ext: ShellItemExtension): void {
  const s = `extension block 0x${signature.toString(16)}`;
  const fields: Record<string, string | number | null> = { size: end - at };
  switch (signature) {
    case 0xbeef0003:
      fields.guid = r.guid(at + 8, s);
      break;
    case 0xbeef0019:
      fields.guid1 = r.guid(at + 8, s);
      fields.guid2 = r.guid(at + 24, s);
      break;
    case 0xbeef0026:
      // Win 8+ times of the folder, as FILETIMEs.
      if (end - at >= 0x24) {
        fields.created = filetimeToIso(r.u64(at + 12, s));
        fields.modified = filetimeToIso(r.u64(at + 20, s));
        fields.accessed = filetimeToIso(r.u64(at + 28, s));
      }
      break;
  }
  ext.fields = fields;
}

/** Nearly every file entry carries one; its name is not rebuilt each time. */
const BEEF0004 = '0xbeef0004';

/** The 0xBEEFxxxx extension blocks from `at` to the item's end; a block that does not fit ends the list with a warning. */
export function readExtensionBlocks(r: LinkReader, at: number, end: number, structure: string, warnings: Warnings): ShellItemExtension[] {
  const out: ShellItemExtension[] = [];
  let pos = at;
  while (pos + 8 <= end) {
    const size = r.u16(pos, structure);
    const signature = r.u32(pos + 4, structure);
    if (size === 0 || (signature & 0xffff0000) >>> 0 !== 0xbeef0000) break;
    if (size < 8 || pos + size > end) {
      warnings.add(structure, pos, `extension block 0x${signature.toString(16)} of ${size} bytes does not fit the item`);
      break;
    }
    const version = r.u16(pos + 2, structure);
    const ext: ShellItemExtension = { signature: signature === 0xbeef0004 ? BEEF0004 : `0x${signature.toString(16).padStart(8, '0')}`, version, offset: pos };
    const blockEnd = pos + size;
    warnings.section(undefined, () =>
      signature === 0xbeef0004 ? readBeef0004(r, pos, blockEnd, version, ext, warnings) : readOther(r, pos, blockEnd, signature, ext),
    );
    out.push(ext);
    pos = blockEnd;
  }
  return out;
}
