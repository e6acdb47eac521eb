import { folderName } from '../known-folders.js';
import type { ShellItem } from '../model.js';
import { readPropertyStore } from '../property-store.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';

/** Signatures of users property view items (class 0x00): libfwsi's list, and "APPS" (Windows 10 settings pages). */
const SIGNATURES = new Set([0x23febbee, 0x10312005, 0x07192006, 0xbeebee00, 0x23a3dfd5, 0x53505041]);
const SPS_VERSION = 0x53505331; // "1SPS"

/**
 * A users property view shell item (class 0x00 with a known signature at offset 6): a property
 * store and an identifier, which is a KNOWNFOLDERID when 16 bytes long. Null for other 0x00 items.
 */
export function readUsersPropertyView(r: LinkReader, at: number, end: number, classType: number, warnings: Warnings): ShellItem | null {
  const s = 'users property view shell item';
  if (end - at < 14) return null;
  const storeSize = r.u16(at + 10, s);
  const idSize = r.u16(at + 12, s);
  // Unlisted signatures are accepted when a property store starts where the sizes put it.
  const storeStarts = storeSize >= 8 && at + 22 + idSize <= end && r.u32(at + 18 + idSize, s) === SPS_VERSION;
  if (!SIGNATURES.has(r.u32(at + 6, s)) && !storeStarts) return null;
  let knownFolder: string | null = null;
  if (idSize === 16 && at + 30 <= end) knownFolder = r.guid(at + 14, s);
  const storeAt = at + 14 + idSize;
  const storeEnd = Math.min(storeAt + storeSize, end);
  if (storeAt + storeSize > end) warnings.add(s, at + 10, `property store of ${storeSize} bytes does not fit the item`);
  const properties = storeSize > 0 && storeAt < storeEnd ? readPropertyStore(r, storeAt, storeEnd, warnings) : [];
  const display = properties.find((p) => p.name === 'System.ItemNameDisplay' && typeof p.value === 'string')?.value;
  const name = typeof display === 'string' && display !== '' ? display : knownFolder !== null ? folderName(knownFolder) : null;
  return { kind: 'usersPropertyView', offset: at, size: end - at, classType, name, knownFolder, properties };
}
