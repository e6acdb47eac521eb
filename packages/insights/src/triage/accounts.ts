import { maxImportance } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { table, type Row } from '../prefetch/table.js';
import type { Importance, Insight } from '../types.js';
import { Accounts, accountKey, type Account } from './accounts-collect.js';
import { fromExecutions, fromLogons, fromPrivileges, fromRdp, fromSam } from './accounts-sources.js';
import { cellTime } from './facts/table-rows.js';
import { pathAccesses } from './file-access-rows.js';
import { usbDevices, type UsbDevice } from './file-access-usb.js';
import type { HostState } from './host-state.js';

const TITLE = 'Accounts & Logons';

export const ACCOUNTS_COLUMNS = [
  'Account',
  'Domains',
  'SID',
  'RID',
  'Logon Types',
  'Successful Logons',
  'Failed Logons',
  'Logon Sources',
  'First Logon',
  'Last Logon',
  'RDP',
  'Explicit Credentials',
  'Privileges',
  'SAM',
  'Executions',
  'File Accesses',
  'USB Devices While Logged On',
  'Importance',
  'Reasons',
  'Links',
] as const;

const list = (m: ReadonlyMap<string, number>): string => [...m].map(([k, n]) => `${k} ×${n}`).join('; ');

/** File & Folder Access paths per account (the users its rows name). */
function fileAccessCounts(state: HostState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of pathAccesses(state))
    for (const user of new Set(p.accesses.map((a) => (a.user ? accountKey(a.user) : '')))) if (user) counts.set(user, (counts.get(user) ?? 0) + 1);
  return counts;
}

/**
 * USB devices that arrived (Last Arrival, else First Install) between the account's first and last
 * logon: the registry keeps one arrival per device, so this is what the hive can say, not every
 * insertion.
 */
function usbWhileLoggedOn(a: Account, devices: readonly UsbDevice[]): UsbDevice[] {
  if (a.firstLogon === null || a.lastLogon === null) return [];
  const { firstLogon: from, lastLogon: to } = a;
  return devices.filter((d) => {
    const t = cellTime(d.lastArrival) ?? cellTime(d.firstInstall);
    return t !== null && t >= from && t <= to;
  });
}

function rowOf(a: Account, files: number, devices: readonly UsbDevice[]): Row {
  let importance: Importance = a.importance;
  const reasons = new Set(a.reasons);
  const usb = usbWhileLoggedOn(a, devices);
  if (usb.length > 0) {
    importance = maxImportance(importance, 'Low');
    reasons.add('USB device connected while logged on');
  }
  if ([...a.rdp.keys()].some((k) => /^(1149|21|25) from (?!127\.|::1|LOCAL)/i.test(k))) {
    importance = maxImportance(importance, 'Medium');
    reasons.add('RDP logon from a remote address');
  }
  return {
    importance,
    time: a.lastLogon,
    cells: {
      Account: [...a.names].join(', '),
      Domains: [...a.domains].join(', '),
      SID: [...a.sids].join(', '),
      RID: [...a.rids].join(', '),
      'Logon Types': list(a.logonTypes),
      'Successful Logons': String(a.successes),
      'Failed Logons': String(a.failures),
      'Logon Sources': [...a.sources].slice(0, 20).join(', '),
      'First Logon': formatTime(a.firstLogon),
      'Last Logon': formatTime(a.lastLogon),
      RDP: list(a.rdp),
      'Explicit Credentials': list(a.explicit),
      Privileges: [...a.privileges].join(', '),
      SAM: a.sam.join('; '),
      Executions: list(a.executions),
      'File Accesses': files > 0 ? String(files) : '',
      'USB Devices While Logged On': usb.map((d) => `${d.name} serial ${d.serial} (arrived ${d.lastArrival || d.firstInstall}; ${d.link})`).join('; '),
      Reasons: [...reasons].join('; '),
      Links: [...a.links].join(', '),
    },
  };
}

/**
 * "Accounts & Logons": one row per account (name without domain, lower case), from EVTX logons
 * (4624/4625 by type and source), privileges and explicit credentials (4672/4648), RDP sessions
 * (1149/21/25), the SAM, and the executions and file accesses the collection attributes to it.
 */
export const accountsAnalyzer: AnalyzerFactory<'triage', HostState> = (_ctx, state) => ({
  nestedDone: (results) => state.addResults(results),
  inputDone: (report) => state.addReport(report),
  push: () => undefined,
  finish(): Insight[] {
    const accounts = new Accounts();
    fromLogons(state, accounts);
    fromPrivileges(state, accounts);
    fromRdp(state, accounts);
    fromSam(state, accounts);
    fromExecutions(state, accounts);
    const files = fileAccessCounts(state);
    for (const user of files.keys()) accounts.get(user);
    const devices = usbDevices(state);
    const rows = [...accounts.byKey.values()].map((a) => rowOf(a, files.get(a.key) ?? 0, devices));
    return state.publish(TITLE, [table(TITLE, 'Authentication', ACCOUNTS_COLUMNS, rows)]);
  },
});
