import type { ShellItem, ShellItemExtension } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { readExtensionBlocks } from './extension-blocks.js';

/**
 * A URI shell item (class 0x61): flags (0x80: UTF-16 text), a 16-bit size of the optional data
 * (times, connection strings) at 4, the data from 6, then the URI. Without data, 4 zero bytes
 * precede the URI (the Vista samples' Start-menu URLs start at 8; libfwsi reads an empty URI at 6
 * there, so lnkinfo shows none). Returns the item and the extension blocks after the URI
 * (0xBEEF0014 on Vista), which the model keeps on file entries only.
 */
export function readUri(r: LinkReader, at: number, end: number, classType: number, warnings: Warnings): { item: ShellItem; extensions: ShellItemExtension[] } {
  const s = 'URI shell item';
  const flags = r.u8(at + 3, s);
  const dataSize = r.u16(at + 4, s);
  const start = dataSize > 0 ? at + 6 + dataSize : at + 8;
  if (start >= end) {
    warnings.add(s, at + 4, `data size ${dataSize} leaves no room for the URI`);
    return { item: { kind: 'uri', offset: at, size: end - at, classType, uri: '' }, extensions: [] };
  }
  const text = flags & 0x80 ? r.utf16z(start, end, s) : r.ansiz(start, end, s);
  const extensions = readExtensionBlocks(r, text.end, end, s, warnings);
  return { item: { kind: 'uri', offset: at, size: end - at, classType, uri: text.text }, extensions };
}
