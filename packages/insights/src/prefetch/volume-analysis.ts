import { Verdict } from '../common/importance.js';
import type { Insight } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import type { EntryVolume, PrefetchEntry } from './entry.js';
import { systemVolumes } from './system-volumes.js';
import { cellTime } from './time.js';
import { table, type Row } from './table.js';
import { isShadowCopy } from './volumes.js';

const COLUMNS = ['Device Path', 'Serial', 'Creation Time', 'Prefetch Files', 'Executables', 'Files Referenced', 'Directories', 'Importance', 'Reasons'];

/**
 * How far a volume's creation time may follow a run before it counts as "created after a run":
 * the largest UTC offset. Machines whose clock ran in local time while Windows was set up stamp
 * the volume up to their offset late: 26 of the 51 readable sample files show 0.1–9.8 h (README).
 */
const CLOCK_SKEW_MS = 14 * 60 * 60 * 1000;

interface VolumeGroup {
  volume: EntryVolume;
  files: PrefetchEntry[];
  references: number;
  directories: Set<string>;
  verdict: Verdict;
}

/**
 * "Volume Analysis": one row per volume of the job (device path, serial and creation time). Medium:
 * not a volume holding `\WINDOWS\`, or such a volume recorded beside others in one .pf; High: an
 * executable runs from it; Low: created after a run that references it.
 */
export function buildVolumeAnalysis(job: PrefetchJob): Insight[] {
  const system = systemVolumes(job);
  const groups = new Map<string, VolumeGroup>();
  for (const e of job.entries) {
    e.volumes.forEach((v, i) => {
      let g = groups.get(v.key);
      if (!g) groups.set(v.key, (g = { volume: v, files: [], references: 0, directories: new Set(), verdict: new Verdict() }));
      if (!g.files.includes(e)) g.files.push(e);
      g.references += e.references.filter((r) => r.volume === i).length;
      for (const d of v.directories) g.directories.add(d);
      const earliest = e.runs.at(-1);
      if (v.creationMs !== null && earliest !== undefined && v.creationMs - earliest > CLOCK_SKEW_MS) {
        g.verdict.hit('Low', `created ${cellTime(v.creationMs)}, after ${e.executable} ran at ${cellTime(earliest)}`);
      }
      if (system.has(v.key)) return;
      if (e.exe?.volume === i) g.verdict.hit('High', `${e.executable} runs from it`);
      if (e.volumes.length > 1)
        g.verdict.hit('Medium', `recorded with ${e.volumes.length - 1} other volume${e.volumes.length > 2 ? 's' : ''} by ${e.fileName}`);
    });
  }
  const rows: Row[] = [...groups.values()].map((g) => {
    if (!system.has(g.volume.key))
      g.verdict.hit('Medium', isShadowCopy(g.volume.devicePath) ? 'shadow copy, not the volume holding \\WINDOWS\\' : 'not the volume holding \\WINDOWS\\');
    return {
      cells: {
        'Device Path': g.volume.devicePath,
        Serial: g.volume.serial,
        'Creation Time': cellTime(g.volume.creationMs),
        'Prefetch Files': String(g.files.length),
        Executables: [...new Set(g.files.map((f) => f.executable))].join(', '),
        'Files Referenced': String(g.references),
        Directories: String(g.directories.size),
        Reasons: g.verdict.text,
      },
      importance: g.verdict.importance,
      time: Math.max(...g.files.map((f) => f.runs[0] ?? -Infinity)),
    };
  });
  return [
    table(
      'Volume Analysis',
      'General',
      COLUMNS,
      rows.map((r) => ({ ...r, time: Number.isFinite(r.time) ? r.time : null })),
    ),
  ];
}

export const volumeAnalysis = jobAnalyzer(buildVolumeAnalysis);
