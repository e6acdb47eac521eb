import { brokenText, mruOrder, utf16z } from '../decoders/mru.js';
import { decodePidl, pidlPath } from '../decoders/shell-items.js';
import type { HiveKeys } from '../store/hive-keys.js';
import type { SlimKey, SlimValue } from '../store/slim-key.js';
import type { AddActivity } from './activity-item.js';

const COMDLG32 = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\ComDlg32';

export const COMDLG32_PATTERNS = [
  `${COMDLG32}\\OpenSaveMRU`,
  `${COMDLG32}\\OpenSaveMRU\\*`,
  `${COMDLG32}\\LastVisitedMRU`,
  `${COMDLG32}\\OpenSavePidlMRU\\*`,
  `${COMDLG32}\\LastVisitedPidlMRU`,
];

type Warn = (note: string) => void;

/** Each value of an MRU key in list order, with its 1-based position and whether it is the newest (the key's write time is its use). */
function inOrder(key: SlimKey, each: (v: SlimValue, details: string, lastUsed: string | null) => void): void {
  mruOrder(key).forEach((v, i) => each(v, `MRU position ${i + 1}`, i === 0 ? key.lastWrite : null));
}

/** A PIDL's path, or null (with a note) when it holds no shell item. */
function pidl(data: Buffer, where: string, warn: Warn): string | null {
  const items = decodePidl(data);
  if (items.length === 0) {
    warn(`${where}: no shell item in ${data.length} bytes; not shown`);
    return null;
  }
  return pidlPath(items);
}

/**
 * XP's dialogs: OpenSaveMRU (and its per-extension subkeys) holds full paths as strings, ordered by
 * MRUList letters; LastVisitedMRU values are binary: the program's UTF-16 name, a NUL, then the
 * folder's UTF-16 path, a NUL (RegRipper comdlg32.pl reads them the same way).
 */
function xp(hive: HiveKeys, add: AddActivity, warn: Warn): void {
  for (const key of [hive.key(`${COMDLG32}\\OpenSaveMRU`), ...hive.children(`${COMDLG32}\\OpenSaveMRU`)]) {
    if (!key) continue;
    const source = key.name.toLowerCase() === 'opensavemru' ? 'OpenSaveMRU' : `OpenSaveMRU ${key.name}`;
    inOrder(key, (v, details, lastUsed) => {
      if (typeof v.data !== 'string') return;
      const bad = brokenText(v.data);
      if (bad) warn(`${source} ${key.path}\\${v.name}: ${bad}; not shown`);
      else add(key, source, v.data, { details, lastUsed, deletedValue: v.deleted });
    });
  }
  const last = hive.key(`${COMDLG32}\\LastVisitedMRU`);
  if (last) {
    inOrder(last, (v, details, lastUsed) => {
      if (!Buffer.isBuffer(v.data)) return;
      const program = utf16z(v.data);
      const folder = utf16z(v.data, program.length * 2 + 2);
      const bad = brokenText(program) ?? brokenText(folder);
      if (bad) warn(`LastVisitedMRU ${last.path}\\${v.name}: ${bad}; not shown`);
      else add(last, 'LastVisitedMRU', program, { details: `folder ${folder}; ${details}`, lastUsed, deletedValue: v.deleted });
    });
  }
}

/** Vista+: OpenSavePidlMRU values are PIDLs; LastVisitedPidlMRU values are a UTF-16 program name, a NUL, then a PIDL. */
function pidlForms(hive: HiveKeys, add: AddActivity, warn: Warn): void {
  for (const key of hive.children(`${COMDLG32}\\OpenSavePidlMRU`)) {
    inOrder(key, (v, details, lastUsed) => {
      if (!Buffer.isBuffer(v.data)) return;
      const path = pidl(v.data, `OpenSavePidlMRU ${key.path}\\${v.name}`, warn);
      if (path !== null) add(key, `OpenSavePidlMRU ${key.name}`, path, { details, lastUsed, deletedValue: v.deleted });
    });
  }
  const last = hive.key(`${COMDLG32}\\LastVisitedPidlMRU`);
  if (last) {
    inOrder(last, (v, details, lastUsed) => {
      if (!Buffer.isBuffer(v.data)) return;
      const program = utf16z(v.data);
      const bad = brokenText(program);
      const folder = bad ? null : pidl(v.data.subarray(program.length * 2 + 2), `LastVisitedPidlMRU ${last.path}\\${v.name}`, warn);
      if (bad) warn(`LastVisitedPidlMRU ${last.path}\\${v.name}: ${bad}; not shown`);
      else if (folder !== null) add(last, 'LastVisitedPidlMRU', program, { details: `folder ${folder}; ${details}`, lastUsed, deletedValue: v.deleted });
    });
  }
}

/** Open/Save dialog history in both of its forms (XP's strings, Vista+'s PIDLs). */
export function comDlg32(hive: HiveKeys, add: AddActivity, warn: Warn): void {
  xp(hive, add, warn);
  pidlForms(hive, add, warn);
}
