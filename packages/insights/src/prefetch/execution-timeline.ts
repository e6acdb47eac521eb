import { importanceRank } from '../common/importance.js';
import type { Insight, TimelineEntry } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import { pathText } from './describe.js';
import { jobFindings } from './job-findings.js';
import { cellTime } from './time.js';

/** INSIGHTS.md §1: a Timeline keeps 2,000 entries. */
const TIMELINE_LIMIT = 2000;

/** The most important entries (then earliest) when over the limit, listed by time. */
export function capped(entries: TimelineEntry[]): TimelineEntry[] {
  const byTime = (a: TimelineEntry, b: TimelineEntry) => a.timestamp_start - b.timestamp_start || a.record_id - b.record_id;
  if (entries.length <= TIMELINE_LIMIT) return entries.sort(byTime);
  return entries
    .sort((a, b) => importanceRank(b.importance) - importanceRank(a.importance) || byTime(a, b))
    .slice(0, TIMELINE_LIMIT)
    .sort(byTime);
}

/**
 * "Execution Timeline" (INSIGHTS.md §5): one entry per .pf from its earliest to its latest stored
 * run, and "Execution Timeline: Runs" with one entry per stored run. A .pf without a stored run
 * time has no place on a timeline (Anomaly Detection A8 lists it).
 */
export function buildExecutionTimeline(job: PrefetchJob): Insight[] {
  const findings = jobFindings(job);
  const perFile: TimelineEntry[] = [];
  const perRun: TimelineEntry[] = [];
  for (const e of job.entries) {
    if (e.runs.length === 0) continue;
    const importance = findings.importanceOf(e);
    const first = e.runs.at(-1)!;
    const last = e.runs[0]!;
    perFile.push({
      timestamp_start: first,
      timestamp_end: e.runs.length > 1 ? last : null,
      record_id: e.recordId,
      short_name: e.executable,
      description: `${e.executable} ran ${e.runCount} times (${e.runs.length} recorded) from ${pathText(e)}; last run ${cellTime(last)}`,
      category: 'Process',
      importance,
    });
    e.runs.forEach((t, i) => {
      perRun.push({
        timestamp_start: t,
        timestamp_end: null,
        record_id: e.recordId,
        short_name: e.executable,
        description: `${e.executable} ran from ${pathText(e)} (recorded run ${e.runs.length - i} of ${e.runs.length}; ${e.runCount} runs in all)`,
        category: 'Process',
        importance,
      });
    });
  }
  return [
    { Timeline: { title: 'Execution Timeline', data: capped(perFile), category: 'Process' } },
    { Timeline: { title: 'Execution Timeline: Runs', data: capped(perRun), category: 'Process' } },
  ];
}

export const executionTimeline = jobAnalyzer(buildExecutionTimeline);
