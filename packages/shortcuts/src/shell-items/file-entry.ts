import { dosDateTimeToIso } from '../dos-datetime.js';
import type { ShellItem, ShellItemExtension } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '../warnings.js';
import { readExtensionBlocks } from './extension-blocks.js';

type FileEntry = Extract<ShellItem, { kind: 'fileEntry' }>;

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
  const modified = dosDateTimeToIso(r.u16(at + 8, s), r.u16(at + 10, s));
  const attributes = r.u16(at + 12, s);
  const primary = unicode ? r.utf16z(at + 14, end, s) : r.ansiz(at + 14, end, s);
  const afterName = primary.end + ((primary.end - at) % 2);
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
