import { formatTime } from '../common/time-format.js';
import { AMCACHE_PATTERNS, amcacheTraces } from './application-data/amcache.js';
import type { RegistryContext } from './context/registry-context.js';
import { keyCell } from './format.js';
import { pathVerdict } from './path-verdict.js';
import { hiveCell, registryAnalyzer, type RegistryResultType, type Warn } from './registry-analyzer.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { KeyStore } from './store/key-store.js';
import { shimCacheRows, SHIM_COLUMNS, SHIM_NOTE_COLUMNS, SHIM_PATTERN } from './shim-cache.js';
import { bin, str, type SlimKey } from './store/slim-key.js';
import { tableInsight, type Row } from './table.js';

const UNINSTALL = 'Microsoft\\Windows\\CurrentVersion\\Uninstall';
const P = ['Hive', 'Key', 'Last Write', 'Deleted'];
const prov = (h: HiveKeys, k: SlimKey): Record<string, string> => ({
  Hive: hiveCell(h),
  Key: keyCell(h, k),
  'Last Write': formatTime(k.lastWrite),
  Deleted: k.deleted ? 'yes' : '',
});

function installed(store: KeyStore, context: RegistryContext): Row[] {
  const rows: Row[] = [];
  const scan = (h: HiveKeys, path: string, scope: string): void => {
    for (const k of h.children(path)) {
      const name = str(k, 'DisplayName');
      if (!name) continue;
      const date = str(k, 'InstallDate');
      rows.push({
        cells: {
          Name: name,
          Version: str(k, 'DisplayVersion'),
          Publisher: str(k, 'Publisher'),
          'Install Date': /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : date,
          'Install Location': str(k, 'InstallLocation'),
          'Uninstall String': str(k, 'UninstallString'),
          Scope: scope,
          ...prov(h, k),
        },
        time: k.lastWrite,
      });
    }
  };
  for (const h of store.ofType('SOFTWARE')) {
    scan(h, UNINSTALL, 'Machine');
    scan(h, `Wow6432Node\\${UNINSTALL}`, 'Machine (WOW64)');
  }
  for (const h of store.ofType('NTUSER.DAT')) scan(h, `Software\\${UNINSTALL}`, `User ${context.ownerOf(h)?.name ?? h.info.name}`);
  return rows;
}

function traces(store: KeyStore, context: RegistryContext, warn: Warn): Row[] {
  const rows: Row[] = [];
  const add = (h: HiveKeys, k: SlimKey, source: string, item: string, details: string): void => {
    const v = pathVerdict(item);
    const user = context.userOf(h);
    rows.push({
      cells: { Source: source, Item: item, Details: [user && `user ${user}`, details].filter((s) => s).join('; '), Reasons: v.text, ...prov(h, k) },
      importance: v.importance,
      time: k.lastWrite,
    });
  };
  for (const h of store.ofType('NTUSER.DAT')) {
    for (const k of h.children('Software\\Sysinternals'))
      if (str(k, 'EulaAccepted') !== '') add(h, k, 'Sysinternals EULA', k.name, `EulaAccepted ${str(k, 'EulaAccepted')}`);
    const sz = h.key('Software\\7-Zip\\Compression');
    const arc = bin(sz, 'ArcHistory');
    if (sz && arc)
      for (const p of arc
        .toString('utf16le', 0, arc.length & ~1)
        .split('\0')
        .filter((s) => s))
        add(h, sz, '7-Zip ArcHistory', p, '');
    const rar = h.key('Software\\WinRAR\\ArcHistory');
    for (const v of rar?.values ?? []) if (typeof v.data === 'string') add(h, rar!, 'WinRAR ArcHistory', v.data, v.name);
    const store2 = h.key('Software\\Microsoft\\Windows NT\\CurrentVersion\\AppCompatFlags\\Compatibility Assistant\\Store');
    for (const v of store2?.values ?? []) add(h, store2!, 'Compatibility Assistant', v.name, '');
  }
  for (const h of store.ofType('SOFTWARE')) {
    for (const k of h.children('Microsoft\\Windows\\CurrentVersion\\App Paths')) add(h, k, 'App Paths', k.name, str(k, ''));
  }
  for (const h of store.ofType('Amcache.hve')) {
    for (const t of amcacheTraces(h, (note) => warn(h, `Amcache ${note}`))) add(h, t.key, t.source, t.item, t.details);
  }
  return rows;
}

function build(store: KeyStore, context: RegistryContext, warn: Warn): ReturnType<RegistryResultType['build']> {
  const shim = shimCacheRows(store.ofType('SYSTEM'));
  const out = [
    tableInsight(
      'Application Data',
      'General',
      ['Name', 'Version', 'Publisher', 'Install Date', 'Install Location', 'Uninstall String', 'Scope', ...P],
      installed(store, context),
    ),
    tableInsight('Application Data: ShimCache', 'General', SHIM_COLUMNS, shim.rows),
    tableInsight('Application Data: Application Traces', 'General', ['Source', 'Item', 'Details', 'Importance', 'Reasons', ...P], traces(store, context, warn)),
  ];
  if (shim.notes.length > 0) out.push(tableInsight('Application Data: ShimCache Notes', 'General', SHIM_NOTE_COLUMNS, shim.notes));
  return out;
}

export const APPLICATION_DATA: RegistryResultType = {
  title: 'Application Data',
  patterns: {
    SOFTWARE: [`${UNINSTALL}\\*`, `Wow6432Node\\${UNINSTALL}\\*`, 'Microsoft\\Windows\\CurrentVersion\\App Paths\\*'],
    'NTUSER.DAT': [
      `Software\\${UNINSTALL}\\*`,
      'Software\\Sysinternals\\*',
      'Software\\7-Zip\\Compression',
      'Software\\WinRAR\\ArcHistory',
      'Software\\Microsoft\\Windows NT\\CurrentVersion\\AppCompatFlags\\Compatibility Assistant\\Store',
    ],
    SYSTEM: [SHIM_PATTERN],
    'Amcache.hve': AMCACHE_PATTERNS,
  },
  build,
};

/** Registry "Application Data" (INSIGHTS.md §4). */
export const registryApplicationData = registryAnalyzer(APPLICATION_DATA);
