import { Worker } from 'node:worker_threads';
import { CHUNK_SIZE } from './chunk-header.js';
import type { ChunkResult, RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';
import { chunkOffset } from './chunk-slots.js';
import type { ByteSource } from './source.js';
import type { RecordAnnotator } from './annotator.js';

/** What each worker is started with. */
export interface WorkerOptions extends RenderOptions {
  annotator?: RecordAnnotator | undefined;
}

/** Consecutive chunks of the file, in record order. */
export interface ChunkRun {
  first: number;
  count: number;
}

/** What a worker is sent: a run of chunks read into a recycled buffer, and an output buffer to reuse. */
export interface BatchMessage {
  input: ArrayBuffer;
  length: number;
  first: number;
  spare?: ArrayBuffer;
}

/** A worker's answer: the non-empty chunks' results; in text mode their text is `[start, end)` of `output`. */
export interface BatchReply {
  results: { result: ChunkResult; start: number; end: number }[];
  input: ArrayBuffer;
  output?: ArrayBuffer;
}

/**
 * Chunks per message. Neighbouring chunks mostly share templates, and each thread plans the
 * template shapes it meets by itself, so runs keep that work from being done twice; they also
 * mean fewer messages.
 */
export const BATCH = 8;
/** Batches queued per worker: enough that a worker never waits for this thread. */
const PER_WORKER = 3;

/**
 * Measured on 2 cores: two workers lose to one thread on a 50 MiB file (each warms up and plans
 * on its own, and their compiler threads compete) and win on 400 MiB.
 */
const CHUNKS_PER_THREAD = 1536;

/** Workers worth starting for a file of `chunks` chunks: one per `chunksPerThread`, at most `threads`; below 2, none. */
export function workersFor(chunks: number, threads: number, chunksPerThread = CHUNKS_PER_THREAD): number {
  const n = Math.min(threads, Math.floor(chunks / Math.max(1, chunksPerThread)));
  return n >= 2 ? n : 0;
}

interface Pending {
  resolve: (r: BatchReply) => void;
  reject: (e: Error) => void;
}

/**
 * A worker holds a few batches of records and the annotator's state (tens of MiB for the full
 * SigmaHQ set). Without a cap V8 sizes each worker's heap from the machine's memory and collects
 * late: on a 1 GiB job the process grew ~0.4 GiB more. A worker past the cap ends with an error,
 * which fails its chunks like any worker failure.
 */
const WORKER_HEAP_MB = 256;

interface Slot {
  worker: Worker;
  /** Replies come back in the order the batches were sent. */
  pending: Pending[];
}

/** The compiled worker: beside this file in dist, or in ../dist when running from src. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('../dist/chunk-worker.js', import.meta.url) : new URL('./chunk-worker.js', import.meta.url);
}

/**
 * Parses chunks on worker threads and hands results back in file order. This thread only reads
 * the file and keeps order, so `threads` workers keep `threads` cores busy. Buffers go back and
 * forth by transfer and are recycled (input runs, and in text mode output), so the steady state
 * allocates no large buffers: each new one would count as external memory and bring GCs.
 * Memory stays bounded whatever the file size: at most PER_WORKER runs per worker.
 */
export class ChunkPool {
  private readonly slots: Slot[] = [];
  private readonly inputs: ArrayBuffer[] = [];
  private readonly outputs: ArrayBuffer[] = [];

  constructor(threads: number, opts: WorkerOptions) {
    const { json, jsonText, xml, recover, text, annotator } = opts;
    const workerData: WorkerOptions = { json, jsonText, xml, recover, text, annotator };
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(workerUrl(), { workerData, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      worker.unref();
      const slot: Slot = { worker, pending: [] };
      worker.on('message', (reply: BatchReply) => slot.pending.shift()?.resolve(reply));
      const fail = (e: Error): void => {
        for (const p of slot.pending.splice(0)) p.reject(new EvtxError(`worker failed: ${e.message}`, 'chunk', -1));
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
      this.slots.push(slot);
    }
  }

  private post(input: ArrayBuffer, length: number, first: number): Promise<BatchReply> {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending.length < slot.pending.length) slot = s;
    return new Promise<BatchReply>((resolve, reject) => {
      slot.pending.push({ resolve, reject });
      const spare = this.outputs.pop();
      const message: BatchMessage = { input, length, first, spare };
      slot.worker.postMessage(message, spare ? [input, spare] : [input]);
    });
  }

  /** Results of one reply; its output buffer is reused once the caller has taken the last one. */
  private *unpack(reply: BatchReply): Generator<ChunkResult> {
    this.inputs.push(reply.input);
    for (const { result, start, end } of reply.results) {
      if (result.text && reply.output) result.text.bytes = new Uint8Array(reply.output, start, end - start);
      yield result;
    }
    if (reply.output) this.outputs.push(reply.output);
  }

  /** Results of the chunks in `runs`, in that order; empty chunk slots give none. */
  async *map(src: ByteSource, runs: Iterable<ChunkRun>): AsyncGenerator<ChunkResult> {
    const inFlight: Promise<BatchReply>[] = [];
    const depth = this.slots.length * PER_WORKER;
    for (const run of runs) {
      if (inFlight.length >= depth) yield* this.unpack(await inFlight.shift()!);
      const input = this.inputs.pop() ?? new ArrayBuffer(BATCH * CHUNK_SIZE);
      const length = await src.readInto(new Uint8Array(input, 0, run.count * CHUNK_SIZE), chunkOffset(run.first));
      const reply = this.post(input, length, run.first);
      // Rejections are seen when the reply's turn comes.
      reply.catch(() => undefined);
      inFlight.push(reply);
    }
    while (inFlight.length > 0) yield* this.unpack(await inFlight.shift()!);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
