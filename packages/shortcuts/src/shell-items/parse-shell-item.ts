import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { readControlPanel, readControlPanelCategory } from './control-panel.js';
import { readDelegate } from './delegate.js';
import { readFileEntry } from './file-entry.js';
import { readNetwork } from './network.js';
import { readRootFolder } from './root-folder.js';
import { readUri } from './uri.js';
import { readUsersPropertyView } from './users-property-view.js';
import { readVolume } from './volume.js';

/** A Games Explorer item (class 0x00, "GFSI" at offset 4, then the game's GUID): no kind of its own in the model. */
function readGameFolder(r: LinkReader, at: number, end: number, classType: number): ShellItem | null {
  if (end - at < 24 || r.u32(at + 4, 'game folder shell item') !== 0x49534647) return null;
  return unknown(at, end, classType, `game folder {${r.guid(at + 8, 'game folder shell item')}}`);
}

function unknown(at: number, end: number, classType: number, note: string): ShellItem {
  return { kind: 'unknown', offset: at, size: end - at, classType, note };
}

/** One shell item occupying [at, end) (its size field included), by class type. */
export function readShellItem(r: LinkReader, at: number, end: number, warnings: Warnings): ShellItem {
  const classType = r.u8(at + 2, 'shell item class type');
  const delegate = readDelegate(r, at, end, classType, warnings);
  if (delegate !== null) return delegate;
  if (classType === 0x1f) return readRootFolder(r, at, end);
  if (classType === 0x71) return readControlPanel(r, at, end, classType);
  if (classType === 0x61) return readUri(r, at, end, classType, warnings).item;
  if (classType === 0x00) {
    return (
      readUsersPropertyView(r, at, end, classType, warnings) ??
      readGameFolder(r, at, end, classType) ??
      unknown(at, end, classType, 'class 0x00 item of an undecoded layout')
    );
  }
  if (classType === 0x01)
    return readControlPanelCategory(r, at, end, classType) ?? unknown(at, end, classType, 'class 0x01 item without the control panel category signature');
  if (classType === 0xc3) return readNetwork(r, at, end, classType);
  switch (classType & 0x70) {
    case 0x20:
      return readVolume(r, at, end, classType);
    case 0x30:
      return readFileEntry(r, at, end, classType, warnings);
    case 0x40:
      return readNetwork(r, at, end, classType);
  }
  return unknown(at, end, classType, `class type 0x${classType.toString(16).padStart(2, '0')} is not decoded`);
}
