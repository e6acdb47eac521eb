import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import type { TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { Gate, type QueueBound } from './lease.js';
import type { TaskRef } from './task.js';

export interface ThreadPoolOptions {
  /** Most leased (CPU-bound) tasks running at once: the CPU budget's cores. */
  threads: number;
  /**
   * Most long-lived streaming tasks (`stream`) running at once besides them (default `threads`, at
   * least 2: the web server's Sigma set is held by a stream for the process's life, and the first
   * start's rule-set fetch must not wait behind it on a one-core host).
   * They get threads of their own: one that lives as long as a job and waited for a CPU thread
   * could wait forever behind the short tasks of the very job that feeds it.
   */
  streams?: number;
  /** A thread idle this long ends (its compiled rule sets and heap go with it); 0 keeps none idle. */
  idleTimeoutMs?: number;
  /**
   * Old-generation cap of each thread's heap, MiB. A thread holds a few batches and a compiled
   * rule set (tens of MiB for the full SigmaHQ set); without a cap V8 sizes each heap from the
   * machine's memory and collects late: on a 1 GiB EVTX job the process grew ~0.4 GiB more. A
   * thread past it ends, failing its task, and is replaced. `null`: V8's own bound (a CLI that
   * works on whole files per thread, where the cap only brings collections).
   */
  heapMb?: number | null;
  /**
   * Young generation of each CPU thread, MiB (V8 makes it three semi-spaces' worth: 96 is 32 MiB
   * semi-spaces); by default V8's own for the thread's heap.
   */
  youngMb?: number;
  /**
   * The same as `heapMb` for stream threads; by default the main thread's whole heap bound, as the
   * store writer had on a thread of its own: its heap follows the job's size, not a batch's; the
   * compiled SigmaHQ set held by the web server's Sigma stream needs more than `heapMb`'s 256 MiB.
   */
  streamHeapMb?: number;
  /**
   * Most tasks waiting for their turn, in all leases and the stream lane together; one more is
   * refused at once (QueueFullError). Default 64 per CPU thread; callers keep a few in flight each.
   */
  maxQueue?: number;
}

export interface RunOptions {
  /** Moved to the thread instead of copied (ArrayBuffers, MessagePorts). */
  transfer?: readonly TransferListItem[];
  /** Aborting rejects the task: waiting, it is dropped; running, its thread is ended and replaced. */
  signal?: AbortSignal;
}

export interface StreamOptions extends RunOptions {
  /**
   * Starts at once, past the limit on streams: for a stream that other streams of its own job may
   * be waiting on (a triage job's member stores: their types are fed by one walk of the
   * collection, which waits for each member's reader, so a store left waiting for a thread would
   * stop its type, the walk, and the stores holding the threads).
   */
  ungated?: boolean;
}

/**
 * Stream threads past `streams` that ungated streams may use. Past it piscina would queue one,
 * and an ungated stream must never wait: a worker runs up to 10 jobs (its tiers' slots), each
 * with at most 4 member-type stores, so 40 at once, with room to spare.
 */
const UNGATED_THREADS = 64;

/** A share of the pool: at most `threads` of its tasks run at once. */
export interface ThreadLease {
  readonly threads: number;
  run<I, O>(task: TaskRef<I, O>, input: I, opts?: RunOptions): Promise<O>;
}

/** A thread is kept this long after its last task, so back-to-back jobs keep their compiled rules. */
export const IDLE_TIMEOUT_MS = 10_000;
/** See ThreadPoolOptions.heapMb. */
export const THREAD_HEAP_MB = 256;

/**
 * The process's worker threads: piscina (thread start-up, replacement of crashed threads, abort,
 * idle threads ended) under leases that keep each job to its share, and a lane for long-lived
 * streams. Threads start on demand, so a pool nobody uses costs nothing.
 */
export class ThreadPool {
  readonly threads: number;
  private readonly piscina: Piscina;
  private readonly streamThreads: Piscina;
  /** All leases together: never more CPU-bound tasks running than the budget's cores. */
  private readonly cpu: Gate;
  private readonly streams: Gate;
  private readonly queue: QueueBound;

  constructor(opts: ThreadPoolOptions) {
    if (!Number.isInteger(opts.threads) || opts.threads < 1) throw new RangeError(`a thread pool needs at least one thread, got ${opts.threads}`);
    this.threads = opts.threads;
    this.queue = { waiting: 0, max: opts.maxQueue ?? opts.threads * 64 };
    this.cpu = new Gate(opts.threads, this.queue);
    this.streams = new Gate(opts.streams ?? Math.max(2, opts.threads), this.queue);
    const idleTimeout = opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
    const mainHeapMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
    releaseHeapFlags();
    // Two sets of threads because piscina sets heap limits per pool; one budget, one queue bound.
    this.piscina = new Piscina({
      minThreads: 0,
      // Every task let through the gates finds a thread at once.
      maxThreads: this.cpu.threads,
      idleTimeout,
      // Tasks wait in the gates above; piscina's queue only holds tasks whose thread is starting.
      maxQueue: 'auto',
      resourceLimits: {
        maxOldGenerationSizeMb: opts.heapMb === null ? mainHeapMb : (opts.heapMb ?? THREAD_HEAP_MB),
        ...(opts.youngMb === undefined ? {} : { maxYoungGenerationSizeMb: opts.youngMb }),
      },
      // Tasks are CPU-bound: a second one on a busy thread would only wait there, out of the leases' sight.
      concurrentTasksPerWorker: 1,
    });
    this.streamThreads = new Piscina({
      minThreads: 0,
      maxThreads: this.streams.threads + UNGATED_THREADS,
      // A stream thread ends with its stream, as the store writer's own thread did: kept idle, it
      // held the job's garbage (nothing allocates there to collect it) and a worker's idle RSS grew
      // 430 -> 499 MiB over five jobs (rest-compat idle-memory test).
      idleTimeout: 0,
      maxQueue: 'auto',
      resourceLimits: { maxOldGenerationSizeMb: opts.streamHeapMb ?? mainHeapMb },
      concurrentTasksPerWorker: 1,
    });
  }

  /** A lease of `threads` (at most the pool's size): its tasks never run on more threads at once. */
  lease(threads: number): ThreadLease {
    const gate = new Gate(Math.min(threads, this.threads), this.queue);
    return {
      threads: gate.threads,
      run: (task, input, opts = {}) => gate.through(() => this.cpu.through(() => this.start(task, input, opts), opts.signal), opts.signal),
    };
  }

  /**
   * Runs a long-lived task on a thread of its own, outside the leases (a job's store writer, fed
   * through a MessagePort in `input`): it waits only for another stream to end.
   */
  stream<I, O>(task: TaskRef<I, O>, input: I, opts: StreamOptions = {}): Promise<O> {
    if (opts.ungated) return this.start(task, input, opts, this.streamThreads);
    return this.streams.through(() => this.start(task, input, opts, this.streamThreads), opts.signal);
  }

  /** Threads alive now (started and not yet ended idle), tasks waiting for their turn, tasks done. */
  get stats(): { alive: number; queued: number; completed: number } {
    const sets = [this.piscina, this.streamThreads];
    return {
      alive: sets.reduce((n, p) => n + p.threads.length, 0),
      queued: sets.reduce((n, p) => n + p.queueSize, this.queue.waiting),
      completed: sets.reduce((n, p) => n + p.completed, 0),
    };
  }

  /** Waits for running tasks, then ends every thread. */
  async close(): Promise<void> {
    await Promise.all([this.piscina.close(), this.streamThreads.close()]);
  }

  private start<I, O>(task: TaskRef<I, O>, input: I, opts: RunOptions, threads = this.piscina): Promise<O> {
    return threads.run(input, {
      filename: task.module,
      name: task.name,
      transferList: opts.transfer ? [...opts.transfer] : undefined,
      signal: opts.signal ?? null,
    }) as Promise<O>;
  }
}

/**
 * V8's heap-size flags override every thread's resourceLimits: started with the worker's
 * `--max-old-space-size` and `--max-semi-space-size` (workerNodeArgs, meant for its main thread),
 * each pool thread got the main thread's 768 MiB bound and 64 MiB semi-spaces instead of its own
 * cap, and a chunk thread's heap grew to ~420 MiB for ~60 MiB live on the 1 GiB EVTX job. V8 reads
 * them when an isolate is made, so clearing them here (the main thread's heap is long set up)
 * leaves the main thread as it is and the pool's threads get the limits given above.
 */
function releaseHeapFlags(): void {
  setFlagsFromString('--max-old-space-size=0');
  setFlagsFromString('--max-semi-space-size=0');
}
