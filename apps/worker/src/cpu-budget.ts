import { availableParallelism } from 'node:os';

/** Threads granted to one job; give them back when it ends. */
export interface CpuLease {
  readonly threads: number;
  release(): void;
}

/**
 * The worker's one CPU budget: jobs running side by side share the machine's cores instead of each
 * starting a thread per core (EVTX chunk workers now; Sigma and YARA scan threads take theirs from
 * the same lease). A job always gets its own thread, so a busy worker still makes progress; it
 * gets more only while cores are free.
 */
export class CpuBudget {
  private free: number;

  constructor(readonly cores: number = availableParallelism()) {
    this.free = cores;
  }

  acquire(want: number = this.cores): CpuLease {
    const threads = Math.max(1, Math.min(want, this.free));
    this.free -= threads;
    let released = false;
    return {
      threads,
      release: () => {
        if (released) return;
        released = true;
        this.free += threads;
      },
    };
  }

  get available(): number {
    return Math.max(0, this.free);
  }
}
