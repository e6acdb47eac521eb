import { folderName } from '../known-folders.js';
import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';
import { readShellItem } from '../shell-items/parse-shell-item.js';
import type { Warnings } from '@quarry/binary';

/** Real ID lists hold a handful of items; this bounds a hostile list of tiny items. */
const MAX_ITEMS = 256;

/**
 * The shell items of an ID list in [at, end), up to its terminal 0x0000. A bad item ends the list
 * with a warning; the items before it are kept.
 */
export function readItems(r: LinkReader, at: number, end: number, structure: string, warnings: Warnings): ShellItem[] {
  const items: ShellItem[] = [];
  let pos = at;
  while (items.length < MAX_ITEMS) {
    if (pos + 2 > end) {
      warnings.add(structure, pos, 'ID list ends without its terminal item');
      return items;
    }
    const size = r.u16(pos, structure);
    if (size === 0) return items;
    if (size < 3 || pos + size > end) {
      warnings.add(`${structure} item ${items.length + 1}`, pos, `item size ${size} does not fit the list (${end - pos} bytes left); list ends here`);
      return items;
    }
    const item = warnings.section(null, () => readShellItem(r, pos, pos + size, warnings));
    if (item === null) return items;
    items.push(item);
    pos += size;
  }
  warnings.add(structure, pos, `more than ${MAX_ITEMS} items; the rest are not listed`);
  return items;
}

/** LinkTargetIDList ([MS-SHLLINK] 2.2): a 16-bit size, then the items. */
export function readIdList(r: LinkReader, at: number, end: number, warnings: Warnings): { items: ShellItem[]; next: number } {
  const size = r.u16(at, 'link target ID list size');
  const listEnd = at + 2 + size;
  if (listEnd > end) {
    warnings.add('link target ID list', at, `size ${size} runs past the end of the link (${end - at - 2} bytes left)`);
    return { items: readItems(r, at + 2, end, 'link target ID list', warnings), next: end };
  }
  return { items: readItems(r, at + 2, listEnd, 'link target ID list', warnings), next: listEnd };
}

function itemName(item: ShellItem): string | null {
  switch (item.kind) {
    case 'root':
      return item.folder ?? `{${item.clsid}}`;
    case 'volume':
      return item.name ?? (item.clsid !== undefined ? `{${item.clsid}}` : null);
    case 'fileEntry':
      return item.name;
    case 'network':
      return item.location;
    case 'controlPanel':
      return item.name ?? `{${item.clsid}}`;
    case 'uri':
      return item.uri;
    case 'delegate':
      return item.inner !== null ? itemName(item.inner) : (folderName(item.itemClsid) ?? `{${item.itemClsid}}`);
    case 'usersPropertyView':
      return item.name ?? (item.knownFolder !== null ? `{${item.knownFolder}}` : null);
    case 'unknown':
      return null;
  }
}

/** The items as one path, "My Computer\\C:\\Windows\\notepad.exe"; null without items. */
export function idListPath(items: ShellItem[]): string | null {
  if (items.length === 0) return null;
  let path = '';
  for (const item of items) {
    const name = itemName(item) ?? `<0x${item.classType.toString(16).padStart(2, '0')}>`;
    path = path === '' || path.endsWith('\\') ? `${path}${name}` : `${path}\\${name}`;
  }
  return path;
}
