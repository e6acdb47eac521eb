import { decodeShellItem } from '../decoders/shell-items.js';
import type { HiveKeys } from '../store/hive-keys.js';
import { num, type SlimKey } from '../store/slim-key.js';

/** BagMRU: UsrClass (Vista+); NTUSER on XP, where Shell holds network and removable folders and ShellNoRoam the local ones. */
export const USRCLASS_BAGMRU = 'Local Settings\\Software\\Microsoft\\Windows\\Shell\\BagMRU';
export const NTUSER_BAGMRUS = ['Software\\Microsoft\\Windows\\Shell\\BagMRU', 'Software\\Microsoft\\Windows\\ShellNoRoam\\BagMRU'];

export interface ShellBag {
  hive: HiveKeys;
  /** The key holding the folder's own entries (BagMRU\0\1…); the parent when it is gone. */
  key: SlimKey;
  path: string;
  slot: string;
  itemType: string;
  deleted: boolean;
}

const MAX_DEPTH = 64;

/**
 * Rebuilds folder paths: each numbered value of a BagMRU key is one shell item (a path component),
 * and the subkey of the same number holds that folder's children. Deleted keys recovered from
 * free space are walked as well and flagged.
 */
export function shellBags(hive: HiveKeys, root: string): ShellBag[] {
  const out: ShellBag[] = [];
  const visit = (key: SlimKey, prefix: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const v of key.values) {
      if (!/^\d+$/.test(v.name) || !Buffer.isBuffer(v.data)) continue;
      const item = decodeShellItem(v.data);
      const path = prefix ? `${prefix}\\${item.name}` : item.name;
      const children = hive.keys(`${key.path}\\${v.name}`);
      const own = children[0];
      const slot = num(own, 'NodeSlot');
      out.push({
        hive,
        key: own ?? key,
        path,
        slot: slot === null ? '' : String(slot),
        itemType: item.type,
        deleted: key.deleted || (own?.deleted ?? false) || v.deleted,
      });
      for (const child of children) visit(child, path, depth + 1);
    }
  };
  for (const key of hive.keys(root)) visit(key, '', 0);
  return out;
}
