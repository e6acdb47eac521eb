/**
 * Parallel scan of EVTX files: this thread and `threads - 1` workers each compile the rules once,
 * then claim whole files (largest first), parse them with @quarry/evtx and run detection where
 * they parsed, so only matches cross threads. Matches come back in the order a single-thread scan
 * gives (records first, then files as listed); correlations run here over them.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CorrelationWarning } from './correlation.js';
import type { EngineOptions, LoadReport } from './engine.js';
import { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import { EVTX_MISSING, loadEvtxReader, matchEvtxFile, type FileMatches } from './evtx-input.js';
import type { RuleMatch } from './match.js';
import type { SourceResult } from './rule-source.js';
import { Scanner } from './scanner.js';
import { WorkQueue } from './work-queue.js';

export interface EvtxParallelOptions {
  /** Rule documents, as returned by readRuleFiles / parseRuleText. */
  rules: SourceResult;
  engine?: EngineOptions;
  /** Threads in all: this one and `threads - 1` workers; defaults to the available parallelism. */
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

export interface EvtxWorkerInit {
  rules: SourceResult;
  engine: EngineOptions;
  /** Paths in claim order (largest first) and the shared claim counter. */
  paths: string[];
  counter: SharedArrayBuffer;
}

/** A worker's answer: one file's matches (by claim position), its end, or its failure. */
export type EvtxWorkerReply = ({ position: number } & FileMatches) | { done: true } | { error: string };

const workerUrl = new URL(import.meta.url.endsWith('.ts') ? '../dist/evtx-worker.js' : './evtx-worker.js', import.meta.url);

export async function scanEvtxParallel(paths: readonly string[], options: EvtxParallelOptions): Promise<EvtxParallelResult> {
  const reader = await loadEvtxReader();
  if (!reader) throw new Error(EVTX_MISSING);
  const threads = Math.max(1, options.threads ?? availableParallelism());
  // Largest files first, so the last claims are small and the threads finish together.
  const order = paths.map((p, i) => ({ i, size: statSync(p).size })).sort((a, b) => b.size - a.size || a.i - b.i).map((x) => x.i);
  const claimPaths = order.map((i) => paths[i]!);
  const queue = new WorkQueue(order.length);
  const byFile = new Map<number, FileMatches>();
  // Workers start before this thread compiles, so every thread compiles at the same time.
  const init: EvtxWorkerInit = { rules: { documents: options.rules.documents, errors: [] }, engine: options.engine ?? {}, paths: claimPaths, counter: queue.shared };
  // A worker beyond one per file would only compile the rules.
  const workers = Array.from({ length: Math.max(0, Math.min(threads, paths.length) - 1) }, () => new Worker(workerUrl, { workerData: init }));
  const finished = workers.map(
    (w) =>
      new Promise<void>((resolve, reject) => {
        w.on('message', (r: EvtxWorkerReply) => {
          if ('error' in r) reject(new Error(r.error));
          else if ('done' in r) resolve();
          else byFile.set(order[r.position]!, r);
        });
        w.on('error', reject);
        w.on('exit', (code) => code !== 0 && reject(new Error(`sigma EVTX worker exited with code ${code}`)));
      }),
  );
  try {
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
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
