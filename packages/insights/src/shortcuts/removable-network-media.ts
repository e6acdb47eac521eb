import { table, type Row } from '../prefetch/table.js';
import type { Importance, Insight } from '../types.js';
import { driveTypeCell, listCell, timeCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import type { ShortcutEntry } from './entry.js';

export const MEDIA_COLUMNS = [
  'Volume Serial',
  'Share',
  'Drive Type',
  'Volume Label',
  'Device',
  'First Target Time',
  'Last Target Time',
  'Entries',
  'Targets',
  'Source Files',
  'Applications',
  'Machine IDs',
] as const;

interface Medium {
  serial: string;
  share: string;
  driveTypes: Set<string>;
  labels: Set<string>;
  devices: Set<string>;
  first: number | null;
  last: number | null;
  entries: number;
  targets: string[];
  sources: string[];
  applications: string[];
  machines: string[];
}

/** Removable, optical and network volumes first (what the title is about), then other volumes. */
const RANK: Record<string, Importance> = { removable: 'Low', cdrom: 'Low', remote: 'Low' };

function keyOf(e: ShortcutEntry): string | null {
  if (e.volumeSerial) return `volume:${e.volumeSerial}`;
  if (e.share) return `share:${e.share.toLowerCase()}`;
  return null;
}

/**
 * "Removable & Network Media": one row per volume serial and per share the job's links point to,
 * with the times of the targets on it and what reached it. Fixed volumes are listed too (an
 * external disk can report itself fixed), after the removable, optical and network ones.
 */
export function buildRemovableNetworkMedia(job: ShortcutJob): Insight[] {
  const media = new Map<string, Medium>();
  for (const e of job.entries) {
    const key = keyOf(e);
    if (!key) continue;
    let m = media.get(key);
    if (!m) {
      m = {
        serial: e.volumeSerial ?? '',
        share: e.volumeSerial ? '' : (e.share ?? ''),
        driveTypes: new Set(),
        labels: new Set(),
        devices: new Set(),
        first: null,
        last: null,
        entries: 0,
        targets: [],
        sources: [],
        applications: [],
        machines: [],
      };
      media.set(key, m);
    }
    if (e.driveType) m.driveTypes.add(e.driveType);
    else if (!e.volumeSerial) m.driveTypes.add('remote');
    if (e.volumeLabel) m.labels.add(e.volumeLabel);
    if (e.deviceName) m.devices.add(e.deviceName);
    for (const t of [e.created, e.modified, e.accessed]) {
      if (t === null) continue;
      m.first = m.first === null ? t : Math.min(m.first, t);
      m.last = m.last === null ? t : Math.max(m.last, t);
    }
    m.entries++;
    m.targets.push(e.targetPath);
    m.sources.push(e.source);
    if (e.application) m.applications.push(e.application);
    if (e.tracker?.machineId) m.machines.push(e.tracker.machineId);
  }
  const rows: Row[] = [...media.values()].map((m) => ({
    importance: [...m.driveTypes].some((t) => RANK[t]) ? 'Low' : 'Informational',
    time: m.last,
    cells: {
      'Volume Serial': m.serial,
      Share: m.share,
      'Drive Type': [...m.driveTypes].map(driveTypeCell).join(', '),
      'Volume Label': [...m.labels].join(', '),
      Device: [...m.devices].join(', '),
      'First Target Time': timeCell(m.first),
      'Last Target Time': timeCell(m.last),
      Entries: String(m.entries),
      Targets: listCell(m.targets),
      'Source Files': listCell(m.sources),
      Applications: listCell(m.applications),
      'Machine IDs': listCell(m.machines),
    },
  }));
  return [table('Removable & Network Media', 'General', MEDIA_COLUMNS, rows)];
}

export const removableNetworkMedia = jobAnalyzer(buildRemovableNetworkMedia);
