import { folderName } from '../known-folders.js';
import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';

/** A root folder shell item (class 0x1F): sort index, then the shell folder CLSID. */
export function readRootFolder(r: LinkReader, at: number, end: number): ShellItem {
  const clsid = r.guid(at + 4, 'root folder shell item');
  return { kind: 'root', offset: at, size: end - at, classType: 0x1f, clsid, folder: folderName(clsid) };
}
