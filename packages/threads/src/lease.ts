/** Aborting a task waiting for its lease's turn: it never reached a thread. */
export class LeaseAbortError extends Error {
  override readonly name = 'AbortError';
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : `the task was aborted${reason === undefined ? '' : `: ${String(reason)}`}`, { cause: reason });
  }
}

/** Tasks waiting in all the gates that share it, and how many may. */
export interface QueueBound {
  waiting: number;
  readonly max: number;
}

/** A task refused because `QueueBound.max` tasks wait already. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

interface Waiter {
  start: () => void;
  abort: (reason: unknown) => void;
}

/**
 * At most `threads` tasks of one holder running at once (the rest wait here, in order): how a job
 * stays inside the threads its CPU lease granted while sharing one pool with other jobs.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly threads: number,
    private readonly bound?: QueueBound,
  ) {
    if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`a lease needs at least one thread, got ${threads}`);
  }

  /** Runs `task` once fewer than `threads` of this gate's tasks are running. */
  async through<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.threads) await this.turn(signal);
    else this.running++;
    try {
      return await task();
    } finally {
      this.handOn();
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    const bound = this.bound;
    if (bound && bound.waiting >= bound.max) return Promise.reject(new QueueFullError(`${bound.max} tasks wait for a thread already`));
    if (bound) bound.waiting++;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => waiter.abort(signal?.reason);
      const waiter: Waiter = {
        // The slot passes from the finishing task to this one without being freed in between.
        start: () => {
          if (bound) bound.waiting--;
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        abort: (reason) => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          if (bound) bound.waiting--;
          reject(new LeaseAbortError(reason));
        },
      };
      this.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}
