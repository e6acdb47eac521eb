/** Quiet time after the last job ends before the heap is collected: back-to-back jobs pay nothing. */
const IDLE_DELAY_MS = 2_000;

/** A full collection: `gc` exists when the process runs with --expose-gc (workerNodeArgs). */
type Collect = () => void;

function exposedGc(): Collect | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  return typeof gc === 'function' ? () => gc() : undefined;
}

/**
 * Gives the heap's garbage back once no job is running. With the worker's heap options (64 MiB
 * semi-spaces, the old generation let grow to four times its live data) a finished job leaves
 * about 200 MiB of garbage and grown semi-spaces that nothing collects while the worker waits:
 * V8 collects when JavaScript allocates, and an idle worker does not. One full collection
 * shrinks the young generation and frees the job's dead objects and ArrayBuffers.
 */
export class IdleRelease {
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly collect: Collect | undefined = exposedGc(),
    private readonly delayMs = IDLE_DELAY_MS,
  ) {}

  /** Runs a job; when it was the last one running, collects after the quiet time unless another starts. */
  async around<T>(job: () => Promise<T>): Promise<T> {
    this.running++;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      return await job();
    } finally {
      this.running--;
      const collect = this.collect;
      if (this.running === 0 && collect) this.timer = setTimeout(collect, this.delayMs).unref();
    }
  }
}
