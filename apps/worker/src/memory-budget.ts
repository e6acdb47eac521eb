/** Memory granted to one job; give it back when the job ends. */
export interface MemoryLease {
  readonly bytes: number;
  release(): void;
}

interface Waiter {
  bytes: number;
  grant: (lease: MemoryLease) => void;
}

/**
 * The worker's memory budget: a job starts only when its estimated memory fits beside the running
 * jobs' (apps/worker memory-estimate.ts), so a large input waits for memory instead of pushing the
 * process past its heap bound. Slots per tier still cap how many jobs a worker takes; this caps what
 * they hold together. First come, first served, so a large job is not passed over forever by small
 * ones; a job larger than the whole budget runs once it is alone (it could never fit, and refusing
 * it would fail a job the worker may well finish).
 */
export class MemoryBudget {
  private used = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly bytes: number) {
    if (!(bytes > 0)) throw new RangeError(`a memory budget needs a positive size, got ${bytes}`);
  }

  /** Resolves when `bytes` fit; aborting `signal` while it waits rejects with the signal's reason. */
  acquire(bytes: number, signal?: AbortSignal): Promise<MemoryLease> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter: Waiter = { bytes, grant: resolve };
      this.waiting.push(waiter);
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(signal?.reason);
        // The one ahead may have been all that held the others back.
        this.admit();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiter.grant = (lease) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(lease);
      };
      this.admit();
    });
  }

  /** Bytes not leased now (0 while a job larger than the budget runs). */
  get free(): number {
    return Math.max(0, this.bytes - this.used);
  }

  /** Jobs waiting for memory now. */
  get queued(): number {
    return this.waiting.length;
  }

  private admit(): void {
    for (let next = this.waiting[0]; next; next = this.waiting[0]) {
      if (this.running > 0 && this.used + next.bytes > this.bytes) return;
      this.waiting.shift();
      next.grant(this.lease(next.bytes));
    }
  }

  private lease(bytes: number): MemoryLease {
    this.used += bytes;
    this.running++;
    let released = false;
    return {
      bytes,
      release: () => {
        if (released) return;
        released = true;
        this.used -= bytes;
        this.running--;
        this.admit();
      },
    };
  }
}
