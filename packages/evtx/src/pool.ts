import { Worker } from 'node:worker_threads';
import type { ChunkResult, RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';

interface Job {
  buf: Buffer;
  base: number;
  index: number;
}

/** The compiled worker: beside this file in dist, or in ../dist when running from src. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('../dist/chunk-worker.js', import.meta.url) : new URL('./chunk-worker.js', import.meta.url);
}

/**
 * Parses chunks on worker threads and hands results back in chunk order. At most two chunks
 * per worker are in flight, so memory stays bounded whatever the file size.
 */
export class ChunkPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];

  constructor(
    threads: number,
    private readonly opts: RenderOptions,
  ) {
    const { json, jsonText, xml, recover } = opts;
    for (let i = 0; i < threads; i++) {
      const w = new Worker(workerUrl(), { workerData: { json, jsonText, xml, recover } });
      w.unref();
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  private acquire(): Promise<Worker> {
    const w = this.idle.pop();
    if (w) return Promise.resolve(w);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(w: Worker): void {
    const next = this.waiting.shift();
    if (next) next(w);
    else this.idle.push(w);
  }

  private run(job: Job): Promise<ChunkResult> {
    return this.acquire().then(
      (w) =>
        new Promise<ChunkResult>((resolve, reject) => {
          const onMessage = (r: ChunkResult): void => {
            w.off('error', onError);
            this.release(w);
            resolve(r);
          };
          const onError = (e: Error): void => {
            w.off('message', onMessage);
            reject(new EvtxError(`worker failed: ${e.message}`, 'chunk', job.base));
          };
          w.once('message', onMessage);
          w.once('error', onError);
          // Copy into a transferable buffer: the job's bytes may be a view of a larger one.
          const copy = new Uint8Array(job.buf);
          w.postMessage({ buf: copy, base: job.base, index: job.index }, [copy.buffer]);
        }),
    );
  }

  /** Results of `jobs` in input order. */
  async *map(jobs: AsyncIterable<Job>): AsyncGenerator<ChunkResult> {
    const inFlight: Promise<ChunkResult>[] = [];
    const limit = this.workers.length * 2;
    for await (const job of jobs) {
      const p = this.run(job);
      p.catch(() => undefined);
      inFlight.push(p);
      if (inFlight.length >= limit) yield await inFlight.shift()!;
    }
    while (inFlight.length > 0) yield await inFlight.shift()!;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
