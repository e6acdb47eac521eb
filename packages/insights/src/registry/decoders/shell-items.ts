import { guid } from '../persistence/task-actions.js';
import { usersPropertyView } from './users-property-view.js';

/** A decoded shell item (one path component of a PIDL), as ShellBags and ComDlg32 store them. */
export interface ShellItem {
  name: string;
  type: string;
}

/** Shell folder CLSIDs that start paths (root items, type 0x1F). */
const ROOT_FOLDERS: Record<string, string> = {
  '20d04fe0-3aea-1069-a2d8-08002b30309d': 'My Computer',
  '59031a47-3f72-44a7-89c5-5595fe6b30ee': 'Users Files',
  '208d2c60-3aea-1069-a2d7-08002b30309d': 'My Network Places',
  'f02c1a0d-be21-4350-88b0-7367fc96ef3c': 'Network',
  '450d8fba-ad25-11d0-98a8-0800361b1103': 'My Documents',
  '645ff040-5081-101b-9f08-00aa002f954e': 'Recycle Bin',
  '21ec2020-3aea-1069-a2dd-08002b30309d': 'Control Panel',
  '26ee0668-a00a-44d7-9371-beb064c98683': 'Control Panel',
  '031e4825-7b94-4dc3-b131-e946b44c8dd5': 'Libraries',
  '22877a6d-37a1-461a-91b0-dbda5aaebc99': 'Recent Places',
  '679f85cb-0220-4080-b29b-5540cc05aab6': 'Quick Access',
  '5e6c858f-0e22-4760-9afe-ea3317b67173': 'Profile Folder',
  '374de290-123f-4565-9164-39c4925e467b': 'Downloads',
  'b4bfcc3a-db2c-424c-b029-7fe99a87c641': 'Desktop',
  'f3364ba0-65b9-11ce-a9ba-00aa004ae837': 'Desktop',
  '088e3905-0323-4b02-9826-5d99428e115f': 'Downloads',
  '3dfdf296-dbec-4fb4-81d1-6a3438bcf4de': 'Music',
  '24ad3ad4-a569-4530-98e1-ab02f9417aa8': 'Pictures',
  'f86fa3ab-70d2-4fc7-9c99-fcbf05467f3a': 'Videos',
  'd3162b92-9365-467a-956b-92703aca08af': 'Documents',
  'a8cdff1c-4878-43be-b5fd-f8091c1c60d0': 'Documents',
  '018d5c66-4533-4307-9b53-224de2ed1fe6': 'OneDrive',
  'e31ea727-12ed-4702-820c-4b6445f28e1a': 'Dropbox',
  '9343812e-1c37-4a49-a12e-4b2d810d956b': 'Search Home',
  '04731b67-d933-450a-90e6-4acd2e9408fe': 'Search Folder',
  '4a8fcd9f-623c-4283-96f0-10f41846a98a': 'Box Sync',
  // This PC folders of Windows 8.1+ and the libraries of 7+ (known folder ids in users property views).
  '3add1653-eb32-4cb0-bbd7-dfa0abb5acca': 'Pictures',
  'a0953c92-50dc-43bf-be83-3742fed03c9c': 'Videos',
  '1cf1260c-4dd0-4ebb-811f-33c572699fde': 'Music',
  '0db7e03f-fc29-4dc6-9020-ff41b59e513a': '3D Objects',
  '7b0db17d-9cd2-4a93-9733-46cc89022e7c': 'Documents',
  'fdd39ad0-238f-46af-adb4-6c85480369c7': 'Documents',
  'a990ae9f-a03b-4e80-94bc-9912d7504104': 'Pictures',
  '2112ab0a-c86a-4ffe-a368-0de96e47012e': 'Music',
  '491e922f-5643-4af4-a7eb-4e7a138d8174': 'Videos',
  'bb06c0e4-d293-4f75-8a90-cb05b6477eee': 'System',
};

/** Control panel categories (type 0x01 items, libfwsi). */
const CP_CATEGORIES = [
  'All Control Panel Items',
  'Appearance and Personalization',
  'Hardware and Sound',
  'Network and Internet',
  'Sound, Speech and Audio Devices',
  'System and Security',
  'Clock, Language, and Region',
  'Ease of Access',
  'Programs',
  'User Accounts',
  'Security Center',
  'Mobile PC',
];

const ascii = (b: Buffer, at: number, max = b.length): string => {
  let end = at;
  while (end < max && b[end] !== 0) end++;
  return b.toString('latin1', at, end);
};

const utf16z = (b: Buffer, at: number): string => {
  let end = at;
  while (end + 1 < b.length && (b[end] !== 0 || b[end + 1] !== 0)) end += 2;
  return b.toString('utf16le', at, end);
};

/** The long name in a file entry's 0xBEEF0004 extension block (libfwsi's layout by block version). */
function longName(item: Buffer, from: number): string | null {
  for (let at = from; at + 8 <= item.length; at += 2) {
    if (item.readUInt32LE(at + 4) !== 0xbeef0004) continue;
    const version = item.readUInt16LE(at + 2);
    let off = at + 8 + 4 + 4 + 2;
    if (version >= 7) off += 2 + 8 + 8;
    if (version >= 3) off += 2;
    if (version >= 9) off += 4;
    if (version >= 8) off += 4;
    return off < item.length ? utf16z(item, off) : null;
  }
  return null;
}

/** One shell item (the bytes after its u16 size). Unknown kinds keep their type byte. */
export function decodeShellItem(item: Buffer): ShellItem {
  if (item.length < 3) return { name: '', type: 'empty' };
  const type = item[2]!;
  // Windows 10 drive items: a 0x1F item with signature 0xF5A6B710 at 6 wrapping a volume item at 10.
  if (type === 0x1f && item.length >= 13 && item.readUInt32LE(6) === 0xf5a6b710) {
    const inner = item.subarray(10, 10 + item.readUInt16LE(10));
    if (inner.length >= 3) return decodeShellItem(inner);
  }
  const view = type === 0x1f || type === 0x00 ? usersPropertyView(item) : null;
  if (view) {
    const known = (view.folder && ROOT_FOLDERS[view.folder]) || (view.identifier && ROOT_FOLDERS[view.identifier]);
    const id = view.folder ?? view.identifier;
    return { name: known || view.name || (id ? `{${id}}` : '<users property view>'), type: 'Users property view' };
  }
  if (type === 0x1f && item.length >= 20) {
    const id = guid(item.subarray(4, 20));
    return { name: ROOT_FOLDERS[id] ?? `{${id}}`, type: 'Root folder' };
  }
  if (type === 0x01 && item.length >= 12)
    return { name: CP_CATEGORIES[item.readUInt32LE(8)] ?? `category ${item.readUInt32LE(8)}`, type: 'Control panel category' };
  // 0x2E: a shell folder under My Computer (Desktop, Downloads…), named by CLSID like root items.
  if (type === 0x2e && item.length >= 20) {
    const id = guid(item.subarray(4, 20));
    return { name: ROOT_FOLDERS[id] ?? `{${id}}`, type: 'Shell folder' };
  }
  if ((type & 0x70) === 0x20) return { name: ascii(item, 3, Math.min(item.length, 23)).replace(/\\$/, ''), type: 'Volume' };
  if ((type & 0x70) === 0x30) {
    const unicode = (type & 0x04) !== 0;
    const short = unicode ? utf16z(item, 14) : ascii(item, 14);
    const shortEnd = 14 + (unicode ? short.length * 2 + 2 : short.length + 1);
    const name = longName(item, shortEnd + (shortEnd % 2)) || short;
    return { name, type: (type & 0x01) !== 0 ? 'Directory' : (type & 0x02) !== 0 ? 'File' : 'File entry' };
  }
  if ((type & 0x70) === 0x40) return { name: ascii(item, 5), type: 'Network location' };
  if (type === 0x71 && item.length >= 30) {
    const id = guid(item.subarray(14, 30));
    return { name: ROOT_FOLDERS[id] ?? `{${id}}`, type: 'Control panel item' };
  }
  if (type === 0x61) return { name: item.length > 44 ? utf16z(item, 44) || ascii(item, 44) : '', type: 'URI' };
  if (type === 0x74) {
    // Users-property delegate item: an inner file entry after a 4-byte signature "CFSF".
    const at = item.indexOf('CFSF', 0, 'latin1');
    if (at >= 0 && at + 8 < item.length) {
      const inner = decodeShellItem(item.subarray(at + 4));
      if (inner.name) return { name: inner.name, type: `Delegate ${inner.type}` };
    }
  }
  return { name: `<item type 0x${type.toString(16).padStart(2, '0')}>`, type: `Type 0x${type.toString(16).padStart(2, '0')}` };
}

/** The items of a PIDL (u16-size-prefixed items up to a zero size); at most 64 items are read. */
export function decodePidl(buf: Buffer): ShellItem[] {
  const out: ShellItem[] = [];
  let at = 0;
  while (at + 2 <= buf.length && out.length < 64) {
    const size = buf.readUInt16LE(at);
    if (size < 3 || at + size > buf.length) break;
    out.push(decodeShellItem(buf.subarray(at, at + size)));
    at += size;
  }
  return out;
}

/** Path components joined as Explorer shows them: `My Computer\C:\Users`. */
export const pidlPath = (items: ShellItem[]): string => items.map((i) => i.name).join('\\');
