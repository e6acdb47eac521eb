import { table, type Row } from '../prefetch/table.js';
import type { Insight } from '../types.js';
import { entryCell, listCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import type { ShortcutEntry } from './entry.js';

export const TRACKER_COLUMNS = [
  'Machine ID',
  'MAC Address',
  'Droid Volume ID',
  'Droid File ID',
  'Birth Droid Volume ID',
  'Birth Droid File ID',
  'From Another Machine',
  'Tracker Source',
  'Source File',
  'Application',
  'Entry',
  'Target Path',
] as const;

export const MACHINE_COLUMNS = ['Machine ID', 'Links', 'MAC Addresses', 'Droid Volume IDs', 'Source Files', 'Majority'] as const;

const canon = (id: string): string => id.trim().toLowerCase();

/** The machine most of the job's links name: the host the evidence was collected from, as far as the links tell. */
function majorityMachine(entries: readonly ShortcutEntry[]): string | null {
  const counts = new Map<string, number>();
  for (const e of entries) if (e.tracker?.machineId) counts.set(canon(e.tracker.machineId), (counts.get(canon(e.tracker.machineId)) ?? 0) + 1);
  let best: string | null = null;
  let n = 0;
  for (const [id, c] of counts) if (c > n || (c === n && best !== null && id < best)) [best, n] = [id, c];
  return best;
}

/** Why a link's tracker says its target came from elsewhere, or "". */
function elsewhere(e: ShortcutEntry, majority: string | null): string {
  const t = e.tracker!;
  const why: string[] = [];
  if (majority !== null && t.machineId && canon(t.machineId) !== majority) why.push(`machine id differs from the job's majority (${majority})`);
  if (t.birthDroidFileId && canon(t.birthDroidFileId) !== canon(t.droidFileId)) why.push('birth droid file id differs (target moved or copied)');
  if (t.birthDroidVolumeId && canon(t.birthDroidVolumeId) !== canon(t.droidVolumeId)) why.push('birth droid volume id differs (target moved between volumes)');
  return why.join('; ');
}

/**
 * "Machines & Trackers": one row per link or Jump List entry with tracker data (the link's tracker
 * block, else its DestList entry), those from another machine first; "Machines & Trackers:
 * Machines" sums them per machine id.
 */
export function buildMachinesTrackers(job: ShortcutJob): Insight[] {
  const tracked = job.entries.filter((e) => e.tracker !== null);
  const majority = majorityMachine(tracked);
  const rows: Row[] = tracked.map((e) => {
    const t = e.tracker!;
    const from = elsewhere(e, majority);
    return {
      importance: from.includes('machine id') ? 'Low' : 'Informational',
      time: e.lastAccess ?? e.accessed ?? e.modified,
      cells: {
        'Machine ID': t.machineId,
        'MAC Address': t.macAddress ?? '',
        'Droid Volume ID': t.droidVolumeId,
        'Droid File ID': t.droidFileId,
        'Birth Droid Volume ID': t.birthDroidVolumeId,
        'Birth Droid File ID': t.birthDroidFileId,
        'From Another Machine': from,
        'Tracker Source': t.source,
        'Source File': e.source,
        Application: e.application ?? '',
        Entry: entryCell(e),
        'Target Path': e.targetPath,
      },
    };
  });

  const machines = new Map<string, { name: string; entries: ShortcutEntry[] }>();
  for (const e of tracked) {
    const id = canon(e.tracker!.machineId);
    const m = machines.get(id) ?? { name: e.tracker!.machineId, entries: [] };
    m.entries.push(e);
    machines.set(id, m);
  }
  // Most links first (rows without a time keep this order).
  const byLinks = [...machines.entries()].sort((a, b) => b[1].entries.length - a[1].entries.length || a[0].localeCompare(b[0]));
  const machineRows: Row[] = byLinks.map(([id, m]) => ({
    importance: 'Informational',
    time: null,
    cells: {
      'Machine ID': m.name,
      Links: String(m.entries.length),
      'MAC Addresses': listCell(m.entries.map((e) => e.tracker!.macAddress ?? '')),
      'Droid Volume IDs': listCell(m.entries.map((e) => e.tracker!.droidVolumeId)),
      'Source Files': listCell(m.entries.map((e) => e.source)),
      Majority: id === majority ? 'yes' : 'no',
    },
  }));
  return [table('Machines & Trackers', 'General', TRACKER_COLUMNS, rows), table('Machines & Trackers: Machines', 'General', MACHINE_COLUMNS, machineRows)];
}

export const machinesTrackers = jobAnalyzer(buildMachinesTrackers);
