import { formatTime } from '../common/time-format.js';
import { Verdict } from '../common/importance.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { table, type Row } from '../prefetch/table.js';
import type { Insight } from '../types.js';
import type { HostState } from './host-state.js';
import { accessImportance, accessLink, pathAccesses, type PathAccess } from './file-access-rows.js';
import { devicesForPath, usbDevices, type UsbDevice } from './file-access-usb.js';
import { evidenceTypes } from '@quarry/vocabulary';

const TITLE = 'Evidence of File & Folder Access';

export const FILE_ACCESS_COLUMNS = [
  'Path',
  'Sources',
  'Users',
  'Volumes',
  'USB Devices',
  'First Time',
  'Last Time',
  'Times',
  'Artifacts',
  'Importance',
  'Reasons',
  'Links',
] as const;

/** Files that run when opened: one opened from removable or network media is how tools arrive. */
const RUNNABLE = /\.(exe|dll|scr|com|pif|cpl|msi|bat|cmd|ps1|vbs|vbe|js|jse|wsf|wsh|hta|jar|lnk)$/i;

const distinct = (items: Iterable<string>): string[] => [...new Set([...items].filter(Boolean))];

function where(p: PathAccess): { removable: boolean; network: boolean } {
  const removable = p.accesses.some((a) => a.driveType === 'Removable');
  const network = p.key.startsWith('\\\\') || p.accesses.some((a) => a.driveType === 'Network');
  return { removable, network };
}

function verdictOf(p: PathAccess, devices: readonly UsbDevice[]): Verdict {
  const v = new Verdict(accessImportance(p));
  for (const r of distinct(p.accesses.flatMap((a) => a.reasons))) v.reasons.push(r);
  const { removable, network } = where(p);
  const media = removable ? 'a removable volume' : network ? 'a network volume' : '';
  if (media) {
    v.hit('Medium', `opened from ${media}`);
    if (RUNNABLE.test(p.key)) v.hit('High', `executable or script opened from ${media}`);
  }
  if (devices.length > 0) v.reasons.push(`on USB device ${devices.map((d) => d.serial).join(', ')} (by drive letter)`);
  return v;
}

function rowOf(p: PathAccess, allDevices: readonly UsbDevice[]): Row {
  const times = p.accesses.flatMap((a) => a.times).sort((a, b) => a.time - b.time);
  const devices = where(p).removable ? devicesForPath(allDevices, p.path) : [];
  const verdict = verdictOf(p, devices);
  const label = (t: { kind: string; time: number }) => `${t.kind} ${formatTime(t.time)}`;
  const shownTimes = distinct(times.map(label));
  const sources = new Map<string, number>();
  for (const a of p.accesses) {
    const s = `${evidenceTypes[a.type].label} · ${a.title}`;
    sources.set(s, (sources.get(s) ?? 0) + 1);
  }
  return {
    importance: verdict.importance,
    time: times.at(-1)?.time ?? null,
    cells: {
      Path: p.path,
      Sources: [...sources].map(([s, n]) => `${s} ×${n}`).join('; '),
      Users: distinct(p.accesses.map((a) => a.user ?? '')).join(', '),
      Volumes: distinct(p.accesses.map((a) => a.volume)).join('; '),
      'USB Devices': devices.map((d) => `${d.name} serial ${d.serial} (${d.driveLetter}, by drive letter; ${d.link})`).join('; '),
      'First Time': formatTime(times[0]?.time ?? null),
      'Last Time': formatTime(times.at(-1)?.time ?? null),
      // The latest 20 times; the Host Timeline holds every one.
      Times: shownTimes.length <= 20 ? shownTimes.join('; ') : `${shownTimes.slice(-20).join('; ')}; … and ${shownTimes.length - 20} earlier`,
      Artifacts: distinct(p.accesses.map((a) => a.member)).join(', '),
      Reasons: verdict.reasons.join('; '),
      Links: distinct(p.accesses.flatMap((a) => [accessLink(a), ...a.related])).join(', '),
    },
  };
}

/** The table's rows, built once per job (Accounts & Logons counts the users' rows). */
export function fileAccessInsights(state: HostState): Insight[] {
  return state.memo('file-access:insights', () => {
    const devices = usbDevices(state);
    return [
      table(
        TITLE,
        'General',
        FILE_ACCESS_COLUMNS,
        pathAccesses(state).map((p) => rowOf(p, devices)),
      ),
    ];
  });
}

/**
 * "Evidence of File & Folder Access": one row per path (normalisePath) opened, browsed, saved or
 * typed, from shell links and Jump Lists, ShellBags, RecentDocs, OpenSave/LastVisited MRUs, Office
 * MRUs, TypedPaths and RunMRU, with its users, volumes, times and the rows it came from.
 */
export const fileAccessAnalyzer: AnalyzerFactory<'triage', HostState> = (_ctx, state) => ({
  nestedDone: (results) => state.addResults(results),
  inputDone: (report) => state.addReport(report),
  push: () => undefined,
  finish: () => state.publish(TITLE, fileAccessInsights(state)),
});
