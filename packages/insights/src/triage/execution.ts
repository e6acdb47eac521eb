import { formatTime } from '../common/time-format.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import type { KnownExecutables } from '../pipeline/known-executables.js';
import { tableInsight, type Row } from '../registry/table.js';
import type { Insight } from '../types.js';
import { hostAnalyzer } from './host-analyzer.js';
import type { HostState } from './host-state.js';
import { accountNames, amcacheSightings, bamSightings, prefetchSightings, shimcacheSightings, userAssistSightings } from './execution-artifacts.js';
import { processSightings } from './execution-processes.js';
import type { ExecSighting } from './execution-sighting.js';
import { executionVerdict } from './execution-verdict.js';

export const EXECUTION = 'Evidence of Execution';

export const EXECUTION_COLUMNS = [
  'Executable',
  'User',
  'Sources',
  'Run Count',
  'First Seen',
  'Last Run',
  'Prefetch Runs',
  'ShimCache',
  'Amcache SHA-1',
  'Process Events',
  'Command Lines',
  'Parents',
  'Sigma',
  'Importance',
  'Reasons',
  'Evidence',
] as const;

/** Most command lines shown per executable (the EVTX Command Lines table holds them all). */
const MAX_COMMAND_LINES = 10;

const uniq = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];
const defined = <T>(x: T | null | undefined): x is T => x !== null && x !== undefined;

/**
 * Every per-type row that says an executable ran (or, ShimCache and Amcache, was there), grouped
 * by its joined path and, where the source says whose run it was (UserAssist, BAM/DAM), by user:
 * a program's machine-wide row (prefetch, ShimCache, Amcache, process events) and its per-user rows.
 */
export function executionSightings(state: HostState): ExecSighting[][] {
  const sightings = [
    ...prefetchSightings(state),
    ...shimcacheSightings(state),
    ...amcacheSightings(state),
    ...processSightings(state),
    ...userAssistSightings(state),
    ...bamSightings(state, accountNames(state)),
  ];
  const groups = new Map<string, ExecSighting[]>();
  for (const s of sightings) {
    if (s.key === '') continue;
    const id = `${s.key}\u0000${s.user.toLowerCase()}`;
    const group = groups.get(id);
    if (group) group.push(s);
    else groups.set(id, [s]);
  }
  return [...groups.values()];
}

/**
 * The spelling shown: one with a drive letter (process events, ShimCache, Amcache) before prefetch's
 * volume device paths, mixed case before upper case, then the longest.
 */
function displayPath(group: readonly ExecSighting[]): string {
  const rank = (p: string): number => (/^[a-z]:\\/i.test(p) ? 2 : 0) + (p !== p.toUpperCase() ? 1 : 0);
  return group.map((s) => s.path).reduce((best, p) => (rank(p) > rank(best) || (rank(p) === rank(best) && p.length > best.length) ? p : best), '');
}

function executionRow(group: readonly ExecSighting[], known: KnownExecutables | undefined): Row {
  const first = group[0]!;
  const verdict = executionVerdict(first.key, group, known);
  const runCounts = group
    .filter((s) => s.source === 'prefetch' || s.source === 'userassist')
    .map((s) => s.runCount)
    .filter(defined);
  const firsts = group
    .filter((s) => s.source !== 'shimcache')
    .map((s) => s.first)
    .filter(defined);
  const lasts = group
    .filter((s) => s.source !== 'shimcache' && s.source !== 'amcache')
    .map((s) => s.last)
    .filter(defined);
  const last = lasts.length ? Math.max(...lasts) : null;
  const events = group.map((s) => s.processEvents).filter(defined);
  const commandLines = uniq(group.flatMap((s) => s.commandLines ?? []));
  return {
    cells: {
      Executable: displayPath(group),
      User: uniq([first.user, ...group.flatMap((s) => s.users)].filter((u) => u !== '')).join(', '),
      Sources: uniq(group.map((s) => s.label ?? s.source)).join(', '),
      'Run Count': runCounts.length ? String(runCounts.reduce((a, b) => a + b, 0)) : '',
      'First Seen': formatTime(firsts.length ? Math.min(...firsts) : null),
      'Last Run': formatTime(last),
      'Prefetch Runs': uniq(group.map((s) => s.prefetchRuns).filter((x): x is string => !!x)).join('; '),
      ShimCache: uniq(group.map((s) => s.shimcache).filter((x): x is string => !!x)).join('; '),
      'Amcache SHA-1': uniq(group.map((s) => s.sha1).filter((x): x is string => !!x)).join(', '),
      'Process Events': events.length ? String(events.reduce((a, b) => a + b, 0)) : '',
      // Command lines hold commas and pipes: one a line.
      'Command Lines': [
        ...commandLines.slice(0, MAX_COMMAND_LINES),
        ...(commandLines.length > MAX_COMMAND_LINES ? [`… ${commandLines.length - MAX_COMMAND_LINES} more`] : []),
      ].join('\n'),
      Parents: uniq(group.flatMap((s) => s.parents ?? [])).join(', '),
      Sigma: uniq(group.flatMap((s) => (s.sigma ?? []).map((r) => r.title))).join(', '),
      Reasons: verdict.text,
      Evidence: uniq(group.map((s) => s.evidence)).join('; '),
    },
    importance: verdict.importance,
    time: last === null ? null : new Date(last).toISOString(),
  };
}

/**
 * The Evidence of Execution table (Process): one row per executable (and user where the source says).
 * `known`: the shipped known Windows files, when the job has them.
 */
export function executionInsights(state: HostState, known?: KnownExecutables): Insight[] {
  const rows = executionSightings(state).map((group) => executionRow(group, known));
  return [tableInsight(EXECUTION, 'Process', EXECUTION_COLUMNS, rows)];
}

export const evidenceOfExecution: AnalyzerFactory<'triage', HostState> = (ctx, state) =>
  hostAnalyzer(state, { name: EXECUTION, build: (s) => executionInsights(s, ctx.knownExecutables) });
