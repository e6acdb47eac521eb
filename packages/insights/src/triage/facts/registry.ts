import type { Insight } from '../../types.js';
import type { RecordsRef, TimeKind, TriageRecord } from '../model.js';
import { fact, joinCells, tableFacts, type RowFacts, type TimeColumn } from './table-facts.js';
import { byTitle, cellDate, cellImportance, orNull, tableRows } from './table-rows.js';

/**
 * The key behind a row: the Key column is `<HIVE TYPE>\<path>` (INSIGHTS.md §4), the store's `key`
 * the path below the root key; with the hive file when the table names it.
 */
function records(c: Record<string, string>): RecordsRef | null {
  const key = c['Key'] ?? '';
  const below = key.includes('\\') ? key.slice(key.indexOf('\\') + 1) : '';
  if (below === '') return null;
  const filters = [{ field: 'key', value: below }];
  if (c['Hive']) filters.push({ field: 'file_name', value: c['Hive'] });
  return { type: 'registry', filters };
}

/** Common fields of a registry row: its hive (the member), user and key. */
const base = (c: Record<string, string>, description: string, path?: string): RowFacts => ({
  description,
  artifact: c['Hive'] ?? '',
  user: orNull(c['User']),
  path: path === undefined ? null : orNull(path),
  records: records(c),
});

/** What a User Activity row's Last Used means, by its Source. */
function userActivityKind(c: Record<string, string>): TimeKind | null {
  const source = c['Source'] ?? '';
  if (source === 'UserAssist') return 'executed';
  if (source === 'MountPoints2') return 'connected';
  if (/^(RecentDocs|OpenSavePidlMRU|LastVisitedPidlMRU|Office .* File MRU|TypedPaths|RunMRU)/.test(source))
    return source === 'RunMRU' ? 'executed' : 'accessed';
  return 'event';
}

/** Uninstall InstallDate is a day (YYYYMMDD): its fact is that day, said to be day-only. */
function installDates(insights: readonly Insight[]): TriageRecord[] {
  const title = 'Application Data';
  return tableRows(byTitle(insights, title)).flatMap(({ row, cells: c }) => {
    const day = cellDate(c['Install Date']);
    if (day === null) return [];
    const f = base(
      c,
      joinCells(`Installed ${c['Name']}`, c['Version'], c['Publisher'] ? `(${c['Publisher']})` : '', c['Scope'], '(install date, day only)'),
      c['Install Location'],
    );
    return [fact('registry', title, row, day, 'installed', f, cellImportance(c['Importance']))];
  });
}

/** The Last Shutdown setting: its Value is the shutdown time. */
function shutdowns(insights: readonly Insight[]): TriageRecord[] {
  return tableFacts(
    'registry',
    insights,
    'System Configuration',
    [{ column: 'Value', kind: (c) => (c['Setting'] === 'Last Shutdown' ? 'shutdown' : null) }],
    (c) => base(c, `Last shutdown (${c['Source']})`),
  );
}

/**
 * The Host Timeline facts of a registry member type's results: every table with a time column
 * (persistence keys written, UserAssist/BAM runs, MRUs used, ShellBag slots written, USB devices,
 * SAM logons and password changes, shutdown, installs, ShimCache modification times, application
 * traces, networks). Key last-write times of rows that have a time of their own are not repeated.
 */
export function registryFacts(insights: readonly Insight[]): TriageRecord[] {
  const t = (title: string, columns: TimeColumn[], describe: Parameters<typeof tableFacts>[4]) => tableFacts('registry', insights, title, columns, describe);
  return [
    ...t('Persistence', [{ column: 'Last Write', kind: 'key written' }], (c) =>
      base(c, joinCells(c['Mechanism'], c['Value'], c['Data'] ? `: ${c['Data']}` : '')),
    ),
    ...t('User Activity', [{ column: 'Last Used', kind: userActivityKind }], (c) =>
      base(c, joinCells(c['Source'], c['Item'], c['Count'] ? `(count ${c['Count']})` : ''), c['Item']),
    ),
    ...t('User Activity: Program Execution', [{ column: 'Last Run', kind: 'executed' }], (c) => base(c, `BAM/DAM last run ${c['Program']}`, c['Program'])),
    ...t('User Activity: ShellBags', [{ column: 'Last Write', kind: 'key written' }], (c) =>
      base(c, joinCells(`ShellBag ${c['Item Type']}`, c['Path'], c['Slot'] ? `(slot ${c['Slot']})` : ''), c['Path']),
    ),
    ...t(
      'User Activity: USB Devices',
      [
        { column: 'First Install', kind: 'installed' },
        { column: 'Last Arrival', kind: 'connected' },
        { column: 'Last Removal', kind: 'disconnected' },
      ],
      (c) => ({
        ...base(c, joinCells(`USB ${c['Friendly Name'] || `${c['Vendor']} ${c['Product']}`}`, `serial ${c['Serial']}`, c['Drive Letter'])),
        user: orNull(c['Users']),
      }),
    ),
    ...t(
      'Authentication Data',
      [
        { column: 'Last Logon', kind: 'logged on' },
        { column: 'Password Last Set', kind: 'password set' },
        { column: 'Last Failed Logon', kind: 'logon failed' },
      ],
      (c) => base(c, joinCells(`SAM account ${c['User']}`, c['RID'] ? `(RID ${c['RID']})` : '', c['Logon Count'] ? `logon count ${c['Logon Count']}` : '')),
    ),
    ...shutdowns(insights),
    ...installDates(insights),
    ...t('Application Data: ShimCache', [{ column: 'Last Modified', kind: 'modified' }], (c) =>
      base(c, joinCells(`ShimCache #${c['Position']}`, c['Path'], c['Executed'] ? `(executed: ${c['Executed']})` : ''), c['Path']),
    ),
    ...t(
      'Application Data: Application Traces',
      [{ column: 'Last Write', kind: (c) => (c['Source']?.startsWith('Amcache') ? 'first seen' : 'key written') }],
      (c) => base(c, joinCells(c['Source'], c['Item']), c['Item']),
    ),
    ...t('Network Artifacts', [{ column: 'Lease Obtained', kind: 'connected' }], (c) => base(c, joinCells(`DHCP lease ${c['IP Address']}`, c['Adapter']))),
    ...t(
      'Network Artifacts: Known Networks',
      [
        { column: 'Date Created', kind: 'first seen' },
        { column: 'Date Last Connected', kind: 'connected' },
      ],
      (c) => base(c, joinCells(`Network ${c['Profile Name']}`, c['Category'], c['Type'])),
    ),
    ...t('Network Artifacts: Shares & Remote Access', [{ column: 'Last Write', kind: 'key written' }], (c) =>
      base(c, joinCells(c['Type'], c['Name'], c['Target']), c['Target']),
    ),
  ];
}
