/**
 * Parallel scan of EVTX files: this thread and `threads - 1` threads of the process's pool each
 * compile the rules once, then claim whole files (largest first), parse them with @quarry/evtx and
 * run detection where they parsed, so only matches cross threads. Matches come back in the order a single-thread scan
 * gives (records first, then files as listed); correlations run here over them.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { compiledBeside, defineTask, shareData, threadPool } from '@quarry/threads';
import type { CorrelationWarning } from './correlation.js';
import type { EngineOptions, LoadReport } from './engine.js';
import { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import { EVTX_MISSING, loadEvtxReader, matchEvtxFile, type FileMatches } from './evtx-input.js';
import type { RuleMatch } from './match.js';
import type { SourceResult } from './rule-source.js';
import type { ClaimedFile, ClaimTask, SharedRules } from './scan-task.js';
import { Scanner } from './scanner.js';
import { WorkQueue } from './work-queue.js';

export interface EvtxParallelOptions {
  /** Rule documents, as returned by readRuleFiles / parseRuleText. */
  rules: SourceResult;
  engine?: EngineOptions;
  /** Threads in all: this one and `threads - 1` of the pool (the caller's lease); defaults to the available parallelism. */
  threads?: number;
  /** Records from other inputs, scanned on this thread ahead of the files' records. */
  records?: Iterable<Json>;
}

export interface EvtxParallelResult {
  matches: RuleMatch[];
  records: number;
  report: LoadReport;
  threads: number;
  warnings: CorrelationWarning[];
}

const matchClaimedFiles = defineTask<ClaimTask, ClaimedFile[]>(compiledBeside(import.meta.url, 'scan-task.js'), 'matchClaimedFiles');

export async function scanEvtxParallel(paths: readonly string[], options: EvtxParallelOptions): Promise<EvtxParallelResult> {
  const reader = await loadEvtxReader();
  if (!reader) throw new Error(EVTX_MISSING);
  const threads = Math.max(1, options.threads ?? availableParallelism());
  // Largest files first, so the last claims are small and the threads finish together.
  const order = paths
    .map((p, i) => ({ i, size: statSync(p).size }))
    .sort((a, b) => b.size - a.size || a.i - b.i)
    .map((x) => x.i);
  const claimPaths = order.map((i) => paths[i]!);
  const queue = new WorkQueue(order.length);
  const byFile = new Map<number, FileMatches>();
  // A thread beyond one per file would only compile the rules.
  const helpers = Math.max(0, Math.min(threads, paths.length) - 1);
  const lease = helpers > 0 ? threadPool().lease(helpers) : undefined;
  // The pool's threads start before this thread compiles, so every thread compiles at the same time.
  const rules = shareData({ rules: { documents: options.rules.documents, errors: [] }, engine: options.engine ?? {} } satisfies SharedRules);
  const task: ClaimTask = { rules, paths: claimPaths, counter: queue.shared };
  const finished = Array.from({ length: lease?.threads ?? 0 }, () =>
    lease!.run(matchClaimedFiles, task).then((files) => {
      for (const f of files) byFile.set(order[f.position]!, f);
    }),
  );
  // Failures are seen below, after this thread's own claims.
  for (const f of finished) f.catch(() => undefined);
  const engine = SigmaEngine.fromSourceResult(options.rules, options.engine);
  const scanner = new Scanner(engine);
  const matches: RuleMatch[] = [];
  for (const r of options.records ?? []) matches.push(...scanner.push(r));
  const local = async () => {
    for (let p = queue.claim(); p !== undefined; p = queue.claim()) byFile.set(order[p]!, await matchEvtxFile(reader, engine, claimPaths[p]!));
  };
  await Promise.all([local(), ...finished]);
  let records = scanner.records;
  for (let i = 0; i < paths.length; i++) {
    const f = byFile.get(i)!;
    records += f.records;
    matches.push(...scanner.accept(f.matches));
  }
  matches.push(...scanner.finish());
  return { matches, records, report: engine.report, threads, warnings: scanner.warnings };
}
