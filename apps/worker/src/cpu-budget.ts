import { availableParallelism } from 'node:os';

/** Threads granted to one job; give them back when it ends. */
export interface CpuLease {
  readonly threads: number;
  release(): void;
}

/**
 * The worker's one CPU budget: jobs running side by side share the machine's cores instead of each
 * taking a thread per core. Its cores size the process's thread pool (@quarry/threads, set by
 * createActivities); a job's lease is how many pool threads its tasks may take at once (EVTX chunks and
 * their Sigma matching) and how many YARA scan processes it uses. A job always gets its own
 * thread, so a busy worker still makes progress; it gets more only while cores are free.
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
