import { folderName } from '../known-folders.js';
import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';

/**
 * A volume shell item (class 0x20-0x2F): the drive name ("C:\") when class bit 0x01 is set; class
 * 0x2E items instead name a shell folder under My Computer by CLSID.
 */
export function readVolume(r: LinkReader, at: number, end: number, classType: number): ShellItem {
  const size = end - at;
  if ((classType & 0x0f) === 0x0e && size >= 20) {
    const clsid = r.guid(at + 4, 'volume shell item');
    return { kind: 'volume', offset: at, size, classType, name: folderName(clsid), clsid };
  }
  if ((classType & 0x01) === 0) return { kind: 'volume', offset: at, size, classType, name: null };
  return { kind: 'volume', offset: at, size, classType, name: r.ansiz(at + 3, end, 'volume shell item').text };
}
