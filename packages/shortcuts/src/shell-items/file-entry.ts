import { readDosDateTime } from '../dos-datetime.js';
import type { ShellItem, ShellItemExtension } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { readExtensionBlocks } from './extension-blocks.js';

type FileEntry = Extract<ShellItem, { kind: 'fileEntry' }>;

function firstExtension(r: LinkReader, at: number, end: number): number | null {
  if (end - at < 24) return null;
  const rel = r.u16(end - 2, 'file entry extension offset');
  const ext = at + rel;
  if (rel < 14 || ext + 8 > end) return null;
  return r.u32(ext + 4, 'file entry extension offset') >>> 16 === 0xbeef ? ext : null;
}

/**
 * A file entry shell item (class 0x30-0x3F): size, FAT modification time, attributes, the short
 * name (UTF-16 when class bit 0x04 is set, else ANSI), then extension blocks. `extraExtensions`
 * are blocks its delegate wrapper holds for it.
 */
export function readFileEntry(
  r: LinkReader,
  at: number,
  end: number,
  classType: number,
  warnings: Warnings,
  extraExtensions: ShellItemExtension[] = [],
): FileEntry {
  const s = `file entry shell item`;
  const unicode = (classType & 0x04) !== 0;
  const fileSize = r.u32(at + 4, s);
  const modified = readDosDateTime(r, at + 8, warnings, `${s} modification time`);
  const attributes = r.u16(at + 12, s);
  // The item's last 16 bits give the offset of its first extension block; when they point at one,
  // the name ends there (XP Unicode names are not always NUL-terminated).
  const first = firstExtension(r, at, end);
  const primary = unicode ? r.utf16z(at + 14, first ?? end, s) : r.ansiz(at + 14, first ?? end, s);
  const afterName = first ?? primary.end + ((primary.end - at) % 2);
  const extensions = [...readExtensionBlocks(r, afterName, end, s, warnings), ...extraExtensions];
  const long = extensions.find((e) => e.longName !== undefined && e.longName !== '')?.longName;
  return {
    kind: 'fileEntry',
    offset: at,
    size: end - at,
    classType,
    isDirectory: (classType & 0x01) !== 0 || (attributes & 0x10) !== 0,
    shortName: primary.text,
    name: long ?? primary.text,
    fileSize,
    modified,
    attributes,
    extensions,
  };
}
