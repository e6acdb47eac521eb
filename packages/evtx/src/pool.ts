import { Worker } from 'node:worker_threads';
import { readChunk, type ChunkResult, type RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';

interface Job {
  buf: Buffer;
  base: number;
  index: number;
}

/** What a worker is sent: a run of chunks in one transferable buffer. */
export interface BatchMessage {
  buf: Uint8Array;
  chunks: { base: number; index: number; at: number; length: number }[];
}

/**
 * Consecutive chunks parsed by one thread. Neighbouring chunks mostly share templates, and each
 * thread plans the template shapes it meets by itself, so runs keep that work from being done
 * twice (a log concatenated from many sources shows it most); they also mean fewer messages.
 */
const BATCH = 8;
/** Batches waiting per worker. */
const PER_WORKER = 2;

/** The compiled worker: beside this file in dist, or in ../dist when running from src. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('../dist/chunk-worker.js', import.meta.url) : new URL('./chunk-worker.js', import.meta.url);
}

/**
 * Parses chunks on `threads` threads, this one and worker threads, and hands results back in
 * chunk order. This thread takes a batch whenever every worker has two waiting (a thread
 * starting up and warming its JIT costs as much as a few hundred chunks, so one fewer worker
 * saves time on few cores). Memory stays bounded whatever the file size.
 */
export class ChunkPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
  /** Batches sent to workers and not back yet. */
  private sent = 0;

  constructor(
    threads: number,
    private readonly opts: RenderOptions,
  ) {
    const { json, jsonText, xml, recover, text } = opts;
    for (let i = 0; i < threads - 1; i++) {
      const w = new Worker(workerUrl(), { workerData: { json, jsonText, xml, recover, text } });
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

  private run(batch: Job[]): Promise<ChunkResult[]> {
    return this.acquire().then(
      (w) =>
        new Promise<ChunkResult[]>((resolve, reject) => {
          const onMessage = (r: ChunkResult[]): void => {
            w.off('error', onError);
            this.release(w);
            resolve(r);
          };
          const onError = (e: Error): void => {
            w.off('message', onMessage);
            reject(new EvtxError(`worker failed: ${e.message}`, 'chunk', batch[0]!.base));
          };
          w.once('message', onMessage);
          w.once('error', onError);
          // One copy into a transferable buffer: the jobs' bytes are views of larger ones.
          const buf = new Uint8Array(batch.reduce((n, j) => n + j.buf.length, 0));
          const chunks: BatchMessage['chunks'] = [];
          let at = 0;
          for (const j of batch) {
            buf.set(j.buf, at);
            chunks.push({ base: j.base, index: j.index, at, length: j.buf.length });
            at += j.buf.length;
          }
          const message: BatchMessage = { buf, chunks };
          w.postMessage(message, [buf.buffer]);
        }),
    );
  }

  private dispatch(batch: Job[]): Promise<ChunkResult[]> {
    if (this.sent < this.workers.length * PER_WORKER) {
      this.sent++;
      const p = this.run(batch).finally(() => this.sent--);
      p.catch(() => undefined);
      return p;
    }
    return Promise.resolve(batch.map((j) => readChunk(j.buf, j.base, j.index, this.opts)));
  }

  /** Results of `jobs` in input order. */
  async *map(jobs: AsyncIterable<Job>): AsyncGenerator<ChunkResult> {
    const inFlight: Promise<ChunkResult[]>[] = [];
    const limit = this.workers.length * PER_WORKER + 1;
    let batch: Job[] = [];
    for await (const job of jobs) {
      batch.push(job);
      if (batch.length < BATCH) continue;
      inFlight.push(this.dispatch(batch));
      batch = [];
      if (inFlight.length >= limit) yield* await inFlight.shift()!;
    }
    if (batch.length > 0) inFlight.push(this.dispatch(batch));
    while (inFlight.length > 0) yield* await inFlight.shift()!;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
