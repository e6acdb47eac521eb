import { reconTool } from '../common/recon-tools.js';
import type { PrefetchJob } from './collect.js';
import type { PrefetchEntry } from './entry.js';

/** INSIGHTS.md §5 A6: ≥ 3 distinct recon programs within 10 minutes. */
const WINDOW_MS = 10 * 60 * 1000;
const MIN_TOOLS = 3;

interface ReconRun {
  time: number;
  tool: string;
  entry: PrefetchEntry;
}

/** A6 finding: a stretch of recon runs across the job's files. */
export interface ReconBurst {
  start: number;
  end: number;
  /** Distinct recon programs, in order of first run. */
  tools: string[];
  runs: number;
  /** The .pf files whose runs it holds, in file_ids order. */
  entries: PrefetchEntry[];
}

/**
 * Recon bursts over every stored run of every .pf of the job: each window of 10 minutes with
 * ≥ 3 distinct recon programs is marked, and overlapping windows merge into one burst. Prefetch
 * keeps no command line, so a run of net.exe counts as recon whatever its verb was.
 */
export function reconBursts(job: PrefetchJob): ReconBurst[] {
  const runs: ReconRun[] = job.entries
    .flatMap((entry) => {
      const tool = reconTool(entry.exe?.path ?? entry.executable);
      return tool ? entry.runs.map((time) => ({ time, tool, entry })) : [];
    })
    .sort((a, b) => a.time - b.time || a.entry.recordId - b.entry.recordId);
  const spans: [number, number][] = [];
  let j = 0;
  const inWindow = new Map<string, number>();
  for (let i = 0; i < runs.length; i++) {
    const start = runs[i]!;
    while (j < runs.length && runs[j]!.time - start.time <= WINDOW_MS) {
      inWindow.set(runs[j]!.tool, (inWindow.get(runs[j]!.tool) ?? 0) + 1);
      j++;
    }
    if (inWindow.size >= MIN_TOOLS) {
      const last = spans.at(-1);
      if (last && i <= last[1]) last[1] = j - 1;
      else spans.push([i, j - 1]);
    }
    const left = inWindow.get(start.tool)! - 1;
    if (left === 0) inWindow.delete(start.tool);
    else inWindow.set(start.tool, left);
  }
  return spans.map(([from, to]) => {
    const members = runs.slice(from, to + 1);
    return {
      start: members[0]!.time,
      end: members.at(-1)!.time,
      tools: [...new Set(members.map((r) => r.tool))],
      runs: members.length,
      entries: [...new Set(members.map((r) => r.entry))].sort((a, b) => a.recordId - b.recordId),
    };
  });
}
