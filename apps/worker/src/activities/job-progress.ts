import { jobs, type DbClient } from '@quarry/db';
import type { Logger } from '@quarry/config';

/** At most one progress write a second per job: each one is a row update and a NOTIFY to every API node. */
const MIN_INTERVAL_MS = 1000;

/**
 * A running job's progress: bytes of its inputs read (or scanned) of their total. Counting is free
 * (a number per chunk); the database hears of it at most once a second, one write at a time, from
 * the activity's progress callbacks. Progress is advisory: a failed write is logged, never fatal.
 */
export class JobProgress {
  #done = 0;
  #written = -1;
  #lastWrite = 0;
  #writing: Promise<void> | null = null;

  constructor(
    private readonly db: DbClient,
    private readonly jobId: string,
    readonly total: number,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Counts `bytes` more as done. */
  add(bytes: number): void {
    this.#done += bytes;
  }

  /** The stream unchanged, its bytes counted as they pass. */
  async *count(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of stream) {
      this.add(chunk.length);
      yield chunk;
    }
  }

  /** Called as work flows (often): writes when a second has passed, progress moved and no write is under way. */
  tick(): void {
    const now = Date.now();
    if (this.#writing || this.#done === this.#written || now - this.#lastWrite < MIN_INTERVAL_MS) return;
    this.#lastWrite = now;
    this.#writing = this.#write().finally(() => (this.#writing = null));
  }

  /** Writes 0 of the total: the job's watchers see from the start how much there is. */
  async start(): Promise<void> {
    this.#lastWrite = Date.now();
    await this.#write();
  }

  /** Waits for a write under way, then writes the final count (before the job's status moves on). */
  async finish(): Promise<void> {
    await this.#writing;
    if (this.#done !== this.#written) await this.#write();
  }

  async #write(): Promise<void> {
    const counted = this.#done;
    try {
      await jobs.setProgress(this.db, this.jobId, Math.min(counted, this.total), this.total);
      this.#written = counted;
    } catch (err) {
      this.log.warn({ err, jobId: this.jobId }, 'job progress could not be recorded');
    }
  }
}
