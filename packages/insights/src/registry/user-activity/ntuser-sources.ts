import { filetimeToIso } from '@quarry/registry';
import { decodeUserAssist, userAssistName } from '../decoders/userassist.js';
import { brokenText, mruOrder, utf16z } from '../decoders/mru.js';
import type { HiveKeys } from '../store/hive-keys.js';
import { bin, num } from '../store/slim-key.js';
import type { ActivityItem, AddActivity } from './activity-item.js';
import { COMDLG32_PATTERNS, comDlg32 } from './comdlg32.js';

const EXPLORER = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer';

export const NTUSER_ACTIVITY_PATTERNS = [
  `${EXPLORER}\\UserAssist\\*`,
  `${EXPLORER}\\UserAssist\\*\\Count`,
  `${EXPLORER}\\RecentDocs`,
  `${EXPLORER}\\RecentDocs\\*`,
  `${EXPLORER}\\TypedPaths`,
  `${EXPLORER}\\RunMRU`,
  'Software\\Microsoft\\Internet Explorer\\TypedURLs',
  'Software\\Microsoft\\Internet Explorer\\TypedURLsTime',
  `${EXPLORER}\\WordWheelQuery`,
  ...COMDLG32_PATTERNS,
  'Software\\Microsoft\\Office\\*\\*\\File MRU',
  'Software\\Microsoft\\Office\\*\\*\\User MRU\\*\\File MRU',
  `${EXPLORER}\\MountPoints2\\*`,
];

type Add = AddActivity;

function userAssist(hive: HiveKeys, add: Add, warn: Warn): void {
  for (const key of hive.under(`${EXPLORER}\\UserAssist`)) {
    if (key.name.toLowerCase() !== 'count') continue;
    const version = num(hive.key(key.path.slice(0, key.path.lastIndexOf('\\'))), 'Version');
    for (const v of key.values) {
      const { item, kind } = userAssistName(v.name);
      // UEME_CTLSESSION and UEME_CTLCUACount hold session bookkeeping, not a program.
      if (kind === 'UEME_CTLCUACount' || item === 'UEME_CTLSESSION') continue;
      if (!Buffer.isBuffer(v.data)) continue;
      const { data: d, bad } = decodeUserAssist(v.data, version);
      if (!d) {
        warn(`UserAssist ${key.path}\\${v.name} (${item}): ${bad}; not shown`);
        continue;
      }
      const details = [kind, d.focusCount === null ? '' : `focus count ${d.focusCount}, focus time ${d.focusMs} ms`].filter((x) => x).join('; ');
      add(key, 'UserAssist', item, { count: String(d.runCount), lastUsed: d.lastRun, details, deletedValue: v.deleted });
    }
  }
}

/**
 * RecentDocs and its per-extension subkeys (XP to 11 alike): each value is a UTF-16 file name, a
 * NUL, then a shell item; most recent first by MRUListEx. A name that is not text is refused.
 */
function recentDocs(hive: HiveKeys, add: Add, warn: Warn): void {
  for (const key of [hive.key(`${EXPLORER}\\RecentDocs`), ...hive.children(`${EXPLORER}\\RecentDocs`)]) {
    if (!key) continue;
    const source = key.name.toLowerCase() === 'recentdocs' ? 'RecentDocs' : `RecentDocs ${key.name}`;
    mruOrder(key).forEach((v, i) => {
      if (!Buffer.isBuffer(v.data)) return;
      const name = utf16z(v.data);
      const bad = brokenText(name);
      if (bad) warn(`${source} ${key.path}\\${v.name}: ${bad}; not shown`);
      else add(key, source, name, { details: `MRU position ${i + 1}`, lastUsed: i === 0 ? key.lastWrite : null, deletedValue: v.deleted });
    });
  }
}

/** Keys whose values are plain strings: TypedPaths (url1…), TypedURLs with TypedURLsTime, RunMRU, WordWheelQuery. */
function typed(hive: HiveKeys, add: Add): void {
  const paths = hive.key(`${EXPLORER}\\TypedPaths`);
  for (const v of paths?.values ?? []) if (typeof v.data === 'string') add(paths!, 'TypedPaths', v.data, { details: v.name });
  const urls = hive.key('Software\\Microsoft\\Internet Explorer\\TypedURLs');
  const times = hive.key('Software\\Microsoft\\Internet Explorer\\TypedURLsTime');
  for (const v of urls?.values ?? []) {
    if (typeof v.data !== 'string') continue;
    const t = bin(times, v.name);
    add(urls!, 'TypedURLs', v.data, { details: v.name, lastUsed: t && t.length >= 8 ? filetimeToIso(t.readBigUInt64LE(0)) : null });
  }
  const run = hive.key(`${EXPLORER}\\RunMRU`);
  if (run) {
    mruOrder(run).forEach((v, i) => {
      if (typeof v.data === 'string')
        add(run, 'RunMRU', v.data.replace(/\\1$/, ''), { details: `MRU position ${i + 1}`, lastUsed: i === 0 ? run.lastWrite : null });
    });
  }
  const wheel = hive.key(`${EXPLORER}\\WordWheelQuery`);
  if (wheel) {
    mruOrder(wheel).forEach((v, i) => {
      if (Buffer.isBuffer(v.data))
        add(wheel, 'WordWheelQuery', utf16z(v.data), { details: `MRU position ${i + 1}`, lastUsed: i === 0 ? wheel.lastWrite : null });
    });
  }
}

/** Office File MRU items: `[F00000000][T01D1C2…][O00000000]*C:\path`, T = FILETIME in hex. */
function officeMru(hive: HiveKeys, add: Add): void {
  for (const key of hive.under('Software\\Microsoft\\Office')) {
    if (key.name.toLowerCase() !== 'file mru') continue;
    const app = key.path.split('\\')[4] ?? 'Office';
    for (const v of key.values) {
      if (typeof v.data !== 'string' || !v.data.includes('*')) continue;
      const t = /\[T([0-9A-F]{16})\]/i.exec(v.data)?.[1];
      add(key, `Office ${app} File MRU`, v.data.slice(v.data.indexOf('*') + 1), { details: v.name, lastUsed: t ? filetimeToIso(BigInt(`0x${t}`)) : null });
    }
  }
}

/** MountPoints2: volumes (`{GUID}`) and shares (`##server#share`) this user mounted; the key's write time is the last mount. */
function mountPoints(hive: HiveKeys, add: Add): void {
  for (const key of hive.children(`${EXPLORER}\\MountPoints2`)) {
    const item = key.name.startsWith('##') ? key.name.replaceAll('#', '\\') : key.name;
    add(key, 'MountPoints2', item, {
      lastUsed: key.lastWrite,
      details: key.name.startsWith('##') ? 'network share' : key.name.startsWith('{') ? 'volume' : 'drive',
    });
  }
}

/** Reports a value refused by its decoder (the hive is known to the caller). */
export type Warn = (note: string) => void;

export function ntuserActivity(hive: HiveKeys, out: ActivityItem[], warn: Warn): void {
  const add: Add = (key, source, item, extra = {}) => out.push({ hive, key, source, item, count: '', lastUsed: null, details: '', ...extra });
  userAssist(hive, add, warn);
  recentDocs(hive, add, warn);
  typed(hive, add);
  comDlg32(hive, add, warn);
  officeMru(hive, add);
  mountPoints(hive, add);
}
