/** Parallel scanning over worker threads: each worker compiles the rule set once and scans batches. */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EngineOptions, LoadReport } from './engine.js';
import { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import type { RuleMatch } from './match.js';
import type { SourceResult } from './rule-source.js';
import { Scanner } from './scanner.js';

export interface ParallelOptions {
  /** Rule documents, as returned by readRuleFiles / parseRuleText. */
  rules: SourceResult;
  engine?: EngineOptions;
  /** Worker count; defaults to the machine's available parallelism. */
  threads?: number;
  /** Records per message to a worker. */
  batchSize?: number;
  /** Records are JSON texts to parse in the worker (cheaper to hand over than objects). */
  encoded?: boolean;
}

export interface ParallelResult {
  matches: RuleMatch[];
  records: number;
  report: LoadReport;
  threads: number;
  /** Time until every worker had compiled the rules, and time spent scanning after that. */
  startupMs: number;
  scanMs: number;
}

export interface WorkerInit {
  rules: SourceResult;
  engine: EngineOptions;
  encoded: boolean;
}

export interface WorkerBatch {
  seq: number;
  records: Json[];
}

export interface WorkerReply {
  /** -1 announces that the worker has compiled the rules and is ready. */
  seq: number;
  matches: RuleMatch[];
  error?: string;
}

const workerUrl = new URL(import.meta.url.endsWith('.ts') ? '../dist/worker.js' : './worker.js', import.meta.url);

/**
 * Scans records on `threads` workers; batches keep their order in the result, and correlations
 * run on the calling thread over the workers' matches.
 */
export async function scanParallel(records: Iterable<Json>, options: ParallelOptions): Promise<ParallelResult> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const batchSize = options.batchSize ?? 1000;
  // Errors are Error objects, which do not survive cloning; workers only need the documents.
  const init: WorkerInit = { rules: { documents: options.rules.documents, errors: [] }, engine: options.engine ?? {}, encoded: options.encoded ?? false };
  const t0 = performance.now();
  const workers = Array.from({ length: threads }, () => new Worker(workerUrl, { workerData: init }));
  let startupMs: number;
  let scanMs: number;
  const main = SigmaEngine.fromSourceResult(options.rules, options.engine);
  const scanner = new Scanner(main);
  const results = new Map<number, RuleMatch[]>();
  let total = 0;
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once('message', (r: WorkerReply) => (r.error ? reject(new Error(r.error)) : resolve()));
            w.once('error', reject);
          }),
      ),
    );
    const t1 = performance.now();
    startupMs = t1 - t0;
    const it = records[Symbol.iterator]();
    let seq = 0;
    let done = false;
    const nextBatch = (): WorkerBatch | undefined => {
      if (done) return undefined;
      const batch: Json[] = [];
      while (batch.length < batchSize) {
        const n = it.next();
        if (n.done) {
          done = true;
          break;
        }
        batch.push(n.value);
      }
      total += batch.length;
      return batch.length ? { seq: seq++, records: batch } : undefined;
    };
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              const b = nextBatch();
              if (b) w.postMessage(b);
              else resolve();
            };
            w.on('message', (r: WorkerReply) => {
              if (r.error) return reject(new Error(r.error));
              results.set(r.seq, r.matches);
              feed();
            });
            w.on('error', reject);
            w.on('exit', (code) => code !== 0 && reject(new Error(`sigma worker exited with code ${code}`)));
            feed();
          }),
      ),
    );
    scanMs = performance.now() - t1;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const matches: RuleMatch[] = [];
  for (let i = 0; results.has(i); i++) matches.push(...scanner.accept(results.get(i)!));
  scanner.records = total;
  matches.push(...scanner.finish());
  return { matches, records: total, report: main.report, threads, startupMs, scanMs };
}
