import type { Insight } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import { lastRun } from './describe.js';
import { volumeOf } from './entry.js';
import { cellTime } from './time.js';

const COLUMNS = [
  'Executable',
  'Run Count',
  'Path',
  'Volume',
  'Prefetch Hash',
  'Version',
  'Last Run',
  'First Recorded Run',
  'Recorded Runs',
  'Files Referenced',
  'Directories',
  'Prefetch File',
];

/** INSIGHTS.md §5: the chart shows the top 20. */
const CHART_TOP = 20;

/**
 * "Executable Statistics": one row per .pf, by run count (highest first), then latest run. Recorded
 * Runs lists the stored run times, newest first. The chart labels a name that several files share
 * (CMD.EXE from several machines, some with the same hash) with the file's 1-based position in the
 * job, so each bar is one file.
 */
export function buildExecutableStatistics(job: PrefetchJob): Insight[] {
  const sorted = [...job.entries].sort((a, b) => b.runCount - a.runCount || (b.runs[0] ?? -Infinity) - (a.runs[0] ?? -Infinity) || a.recordId - b.recordId);
  const data = sorted.map((e) => [
    e.executable,
    String(e.runCount),
    e.exe?.path ?? '',
    volumeOf(e, e.exe)?.cell ?? '',
    e.hash,
    String(e.version),
    lastRun(e),
    cellTime(e.runs.at(-1) ?? null),
    e.runs.map((t) => cellTime(t)).join(', '),
    String(e.references.length),
    String(e.volumes.reduce((n, v) => n + v.directories.length, 0)),
    e.fileName,
  ]);
  const shared = new Map<string, number>();
  for (const e of job.entries) shared.set(e.executable, (shared.get(e.executable) ?? 0) + 1);
  const chart = sorted
    .slice(0, CHART_TOP)
    .map((e): [string, number] => [(shared.get(e.executable) ?? 0) > 1 ? `${e.executable} #${e.recordId}` : e.executable, e.runCount]);
  return [
    { Table: { title: 'Executable Statistics', data: [COLUMNS, ...data], category: 'Process' } },
    { Chart: { title: 'Executable Statistics: Run Counts', data: chart, category: 'Process', display_mode: 'bar' } },
  ];
}

export const executableStatistics = jobAnalyzer(buildExecutableStatistics);
