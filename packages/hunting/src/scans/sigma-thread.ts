import { Worker } from 'node:worker_threads';
import type { LoadedRuleSet } from '@quarry/insights';
import type { SigmaThreadReply, SigmaThreadRequest } from './sigma-thread-protocol.js';
import type { SigmaDataOutcome } from './sigma-data-scan.js';

/** A scan that ran past its time limit: the thread was stopped (a rule's regular expression can run away). */
export class SigmaScanTimeoutError extends Error {
  override readonly name = 'SigmaScanTimeoutError';
}

function workerUrl(): URL {
  // Under vitest this module is the .ts source; the thread runs the compiled sibling in dist/.
  return import.meta.url.endsWith('.ts')
    ? new URL('../../dist/scans/sigma-thread-worker.js', import.meta.url)
    : new URL('./sigma-thread-worker.js', import.meta.url);
}

interface Pending {
  resolve: (r: SigmaThreadReply) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

export interface SigmaThreadOptions {
  /** Community directories besides the built-in pack. */
  dirs: readonly string[];
  /** Per inline scan; the thread is stopped past it. */
  timeoutMs: number;
  /** file: URL of a compiled module exporting `runSigmaThreadTask` (SigmaThreadTask), run by `task`. */
  task?: string | undefined;
}

/**
 * The process's compiled community Sigma set, held off the event loop: one thread compiles it once
 * (again when its files change) and runs everything that needs it: inline scans, rule lines, and
 * the process's own task (the web server's search summaries). Evaluation is JavaScript and cannot
 * be interrupted from outside, so a scan past `timeoutMs` costs the thread: it is terminated and
 * the next request starts (and compiles in) a fresh one. Requests queue FIFO behind the one
 * running. Not on the shared thread pool: the compiled set lives as long as the process, and a
 * pool thread ended when idle would take it along.
 */
export class SigmaThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  /** Threads stopped on purpose (timeout): their exit must not fail requests sent to the next thread. */
  private readonly retired = new WeakSet<Worker>();

  constructor(private readonly opts: SigmaThreadOptions) {}

  /**
   * Compiles the community set now (start-up), so the first request does not wait for it; again
   * when its files changed. Says what is loaded, per set (the Rules page).
   */
  async warm(): Promise<{ loaded: number; refused: number; sets: LoadedRuleSet[]; compiles: number }> {
    const r = await this.serial(() => this.send({ type: 'warm', id: this.nextId++ }));
    if (r.type !== 'warmed') throw new Error(`unexpected reply ${r.type}`);
    return { loaded: r.loaded, refused: r.refused, sets: r.sets, compiles: r.compiles };
  }

  async scan(text: string, rule: string | undefined): Promise<SigmaDataOutcome> {
    const r = await this.serial(() => this.send({ type: 'scan', id: this.nextId++, text, rule }));
    if (r.type === 'failed') throw new Error(`sigma scan failed: ${r.message}`);
    if (r.type !== 'done') throw new Error(`unexpected reply ${r.type}`);
    return r.outcome;
  }

  /** Runs the task module's export over `input` on the thread (no time limit: the task bounds its own work). */
  async task(input: unknown): Promise<unknown> {
    const r = await this.serial(() => this.send({ type: 'task', id: this.nextId++, input }));
    if (r.type === 'failed') throw new Error(`sigma thread task failed: ${r.message}`);
    if (r.type !== 'task-done') throw new Error(`unexpected reply ${r.type}`);
    return r.output;
  }

  /** Source lines of community rules by exact name (title or `name`); `missing` lists names no loaded rule has. */
  async ruleLines(names: readonly string[]): Promise<{ found: Record<string, string[]>; missing: string[] }> {
    const r = await this.serial(() => this.send({ type: 'lines', id: this.nextId++, names: [...names] }));
    if (r.type !== 'lines') throw new Error(`unexpected reply ${r.type}`);
    return { found: r.found, missing: r.missing };
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // execArgv: [] so the thread never inherits a test runner's loader flags: it runs the built JavaScript.
    const w = new Worker(workerUrl(), { workerData: { dirs: [...this.opts.dirs], task: this.opts.task }, execArgv: [] });
    w.unref();
    w.on('message', (r: SigmaThreadReply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      if (r.type === 'start') {
        p.timer = setTimeout(() => {
          this.pending.delete(r.id);
          if (this.worker === w) this.worker = undefined;
          this.retired.add(w);
          void w.terminate();
          p.reject(new SigmaScanTimeoutError(`scan exceeded ${this.opts.timeoutMs} ms`));
        }, this.opts.timeoutMs);
        return;
      }
      clearTimeout(p.timer);
      this.pending.delete(r.id);
      p.resolve(r);
    });
    const fail = (err: Error) => {
      if (this.retired.has(w)) return;
      if (this.worker === w) this.worker = undefined;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        this.pending.delete(id);
        p.reject(err);
      }
    };
    w.on('error', (err) => fail(new Error(`sigma scan thread failed: ${err.message}`)));
    w.on('exit', (code) => fail(new Error(`sigma scan thread exited with ${code}`)));
    this.worker = w;
    return w;
  }

  private send(req: SigmaThreadRequest): Promise<SigmaThreadReply> {
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      this.thread().postMessage(req);
    });
  }
}
