import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { LoadedRuleSet } from '@quarry/insights';
import { defineTask, threadPool } from '@quarry/threads';
import type { SigmaStreamInput } from './sigma-thread-stream.js';
import type { SigmaThreadReply, SigmaThreadRequest } from './sigma-thread-protocol.js';
import type { SigmaDataOutcome } from './sigma-data-scan.js';

/** A scan that ran past its time limit: the thread was stopped (a rule's regular expression can run away). */
export class SigmaScanTimeoutError extends Error {
  override readonly name = 'SigmaScanTimeoutError';
}

// Under vitest this module is the .ts source; the task runs the compiled sibling in dist/.
const HOLD_TASK = defineTask<SigmaStreamInput, void>(
  import.meta.url.endsWith('.ts') ? new URL('../../dist/scans/sigma-thread-stream.js', import.meta.url) : new URL('./sigma-thread-stream.js', import.meta.url),
  'holdSigmaRules',
);

const noop = (): void => undefined;

interface Pending {
  resolve: (r: SigmaThreadReply) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

/** One run of the stream task: its port, the abort that ends its thread, and its end. */
interface Holder {
  port: MessagePort;
  stop: AbortController;
  ended: Promise<void>;
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
 * The process's compiled community Sigma set, held off the event loop: a long-lived stream task on
 * the process's thread pool (sigma-thread-stream.ts, a thread of its own, fed through a
 * MessagePort; the stream lane has no idle release and no CPU thread's heap cap) compiles it once
 * (again when its files change) and runs everything that needs it: inline scans, rule lines, and
 * the process's own task (the web server's search summaries). The task lives until `close`.
 * Evaluation is JavaScript and cannot be interrupted from outside, so a scan past `timeoutMs` costs
 * the thread: the task is aborted (the pool ends its thread) and the next request starts (and
 * compiles in) a fresh one. Requests queue FIFO behind the one running.
 */
export class SigmaThread {
  private holder: Holder | undefined;
  private readonly pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

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

  /** Ends the task (closing its port ends it; its thread ends with it). Until then the task keeps the process alive. */
  async close(): Promise<void> {
    const h = this.holder;
    this.holder = undefined;
    this.fail(new Error('the Sigma thread was closed'));
    if (!h) return;
    h.port.close();
    await h.ended;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private thread(): Holder {
    if (this.holder) return this.holder;
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    const input: SigmaStreamInput = { dirs: [...this.opts.dirs], task: this.opts.task, port: port2 };
    // The task ends when its port closes (close, or a retired holder); any other end means its thread died.
    const run = threadPool().stream(HOLD_TASK, input, { transfer: [port2], signal: stop.signal });
    const h: Holder = { port: port1, stop, ended: run.then(noop, noop) };
    run.then(
      () => this.ended(h, new Error('the Sigma thread task ended')),
      (err: unknown) => this.ended(h, new Error(`sigma scan thread failed: ${err instanceof Error ? err.message : String(err)}`)),
    );
    port1.on('message', (r: SigmaThreadReply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      if (r.type === 'start') {
        p.timer = setTimeout(() => {
          this.pending.delete(r.id);
          this.retire(h);
          p.reject(new SigmaScanTimeoutError(`scan exceeded ${this.opts.timeoutMs} ms`));
        }, this.opts.timeoutMs);
        return;
      }
      clearTimeout(p.timer);
      this.pending.delete(r.id);
      p.resolve(r);
    });
    this.holder = h;
    return h;
  }

  /** Ends a holder on purpose (a scan ran past its limit): the pool ends its thread; the next request starts another. */
  private retire(h: Holder): void {
    if (this.holder === h) this.holder = undefined;
    h.stop.abort();
    h.port.close();
  }

  private ended(h: Holder, err: Error): void {
    if (this.holder !== h) return;
    this.holder = undefined;
    h.port.close();
    this.fail(err);
  }

  private fail(err: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(err);
    }
  }

  private send(req: SigmaThreadRequest): Promise<SigmaThreadReply> {
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      this.thread().port.postMessage(req);
    });
  }
}
