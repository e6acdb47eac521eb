import { folderName } from '../known-folders.js';
import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';

/** A control panel item (class 0x71): the applet's CLSID at offset 14. */
export function readControlPanel(r: LinkReader, at: number, end: number, classType: number): ShellItem {
  const clsid = r.guid(at + 14, 'control panel shell item');
  return { kind: 'controlPanel', offset: at, size: end - at, classType, clsid, name: folderName(clsid) };
}

/** Control panel category ids (class 0x01 items, signature 0x39DE2184), as the Control Panel names them. */
const CATEGORIES: Record<number, string> = {
  0: 'All Control Panel Items',
  1: 'Appearance and Personalization',
  2: 'Hardware and Sound',
  3: 'Network and Internet',
  4: 'Sounds, Speech, and Audio Devices',
  5: 'System and Security',
  6: 'Clock, Language, and Region',
  7: 'Ease of Access',
  8: 'Programs',
  9: 'User Accounts',
  10: 'Security Center',
  11: 'Mobile PC',
};

/** A control panel category item has no kind of its own in the model: it is listed as unknown with its category. */
export function readControlPanelCategory(r: LinkReader, at: number, end: number, classType: number): ShellItem | null {
  if (end - at < 12 || r.u32(at + 4, 'control panel category') !== 0x39de2184) return null;
  const id = r.u32(at + 8, 'control panel category');
  return { kind: 'unknown', offset: at, size: end - at, classType, note: `control panel category ${id} (${CATEGORIES[id] ?? 'unnamed'})` };
}
