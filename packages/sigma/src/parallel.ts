/** Parallel scanning on the process's thread pool: each thread compiles the rule set once and scans batches. */
import { availableParallelism } from 'node:os';
import { compiledBeside, defineTask, shareData, threadPool, type SharedData } from '@quarry/threads';
import type { EngineOptions, LoadReport } from './engine.js';
import { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import type { RuleMatch } from './match.js';
import type { SourceResult } from './rule-source.js';
import type { BatchTask, SharedRules } from './scan-task.js';
import { Scanner } from './scanner.js';

export interface ParallelOptions {
  /** Rule documents, as returned by readRuleFiles / parseRuleText. */
  rules: SourceResult;
  engine?: EngineOptions;
  /** Threads of the pool to scan on (the caller's lease); defaults to the machine's available parallelism. */
  threads?: number;
  /** Records per task. */
  batchSize?: number;
  /** Records are JSON texts to parse on the threads (cheaper to hand over than objects). */
  encoded?: boolean;
}

export interface ParallelResult {
  matches: RuleMatch[];
  records: number;
  report: LoadReport;
  threads: number;
  /** Time until every leased thread had compiled the rules, and time spent scanning after that. */
  startupMs: number;
  scanMs: number;
}

const compileRules = defineTask<{ rules: SharedData }, void>(compiledBeside(import.meta.url, 'scan-task.js'), 'compileRules');
const matchBatch = defineTask<BatchTask, RuleMatch[]>(compiledBeside(import.meta.url, 'scan-task.js'), 'matchBatch');

/** Batches in flight per leased thread: the next is there when a thread finishes one. */
const PER_THREAD = 2;

/**
 * Scans records on `threads` threads of the process's pool; batches keep their order in the
 * result, and correlations run on the calling thread over the threads' matches.
 */
export async function scanParallel(records: Iterable<Json>, options: ParallelOptions): Promise<ParallelResult> {
  const lease = threadPool().lease(Math.max(1, options.threads ?? availableParallelism()));
  const batchSize = options.batchSize ?? 1000;
  const encoded = options.encoded ?? false;
  // Errors are Error objects, which do not survive cloning; threads only need the documents.
  const rules = shareData({ rules: { documents: options.rules.documents, errors: [] }, engine: options.engine ?? {} } satisfies SharedRules);
  const t0 = performance.now();
  // One compile per leased thread, all at once and while this thread compiles for correlations.
  const compiled = Promise.all(Array.from({ length: lease.threads }, () => lease.run(compileRules, { rules })));
  const main = SigmaEngine.fromSourceResult(options.rules, options.engine);
  await compiled;
  const t1 = performance.now();
  const scanner = new Scanner(main);
  const results: RuleMatch[][] = [];
  const inFlight = new Set<Promise<void>>();
  let total = 0;
  let seq = 0;
  let batch: Json[] = [];
  const send = async (): Promise<void> => {
    const at = seq++;
    const job = lease.run(matchBatch, { rules, encoded, records: batch }).then((m) => {
      results[at] = m;
    });
    batch = [];
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job)).catch(() => undefined);
    if (inFlight.size >= lease.threads * PER_THREAD) await Promise.race(inFlight);
  };
  for (const r of records) {
    batch.push(r);
    total++;
    if (batch.length >= batchSize) await send();
  }
  if (batch.length > 0) await send();
  await Promise.all(inFlight);
  const scanMs = performance.now() - t1;
  const matches: RuleMatch[] = [];
  for (const m of results) matches.push(...scanner.accept(m));
  scanner.records = total;
  matches.push(...scanner.finish());
  return { matches, records: total, report: main.report, threads: lease.threads, startupMs: t1 - t0, scanMs };
}
