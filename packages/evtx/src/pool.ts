import { compiledBeside, defineTask, shareData, threadPool, type SharedData, type ThreadLease } from '@quarry/threads';
import { CHUNK_SIZE } from './chunk-header.js';
import { CHUNK, type EvtxChunk } from './chunk-bytes.js';
import type { ChunkResult, EvtxRecord, RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';
import { chunkOffset } from './chunk-slots.js';
import type { ByteSource } from './source.js';
import type { RecordAnnotator } from './annotator.js';

/** What the pool's threads are asked to do with each run of chunks. */
export interface WorkerOptions extends RenderOptions {
  annotator?: RecordAnnotator | undefined;
}

/** Consecutive chunks of the file, in record order. */
export interface ChunkRun {
  first: number;
  count: number;
}

/** A task: a run of chunks read into a recycled buffer, and an output buffer to reuse. */
export interface BatchTask {
  input: ArrayBuffer;
  length: number;
  first: number;
  spare?: ArrayBuffer | undefined;
  opts: RenderOptions;
  /** The annotator, its data serialized once per file into shared memory (not cloned per batch). */
  annotator?: { module: string; data: SharedData } | undefined;
}

/**
 * A thread's answer: the non-empty chunks' results (`index`: the chunk's slot); in text mode their
 * text is `[start, end)` of `output`. `input` comes back holding the task's chunks as they were read.
 */
export interface BatchReply {
  results: { result: ChunkResult; index: number; start: number; end: number }[];
  input: ArrayBuffer;
  length: number;
  first: number;
  output?: ArrayBuffer;
}

/**
 * The chunks lent out of one reply's input buffer. Their bytes are reached through the loan, so a
 * record kept after its release pins no buffer.
 */
class Loan {
  live = true;
  constructor(public all: Buffer | undefined) {}

  release(): void {
    this.live = false;
    this.all = undefined;
  }
}

/** An input buffer to read into, and the loan of its last contents (released once it is read into again). */
interface Input {
  buf: ArrayBuffer;
  loan?: Loan;
}

/** A chunk of a loan's buffer: `at` is its start in it. */
function lentChunk(loan: Loan, at: number, index: number): EvtxChunk {
  return {
    get bytes() {
      return loan.all!.subarray(at, at + CHUNK_SIZE);
    },
    base: chunkOffset(index),
    index,
    lent: loan,
  };
}

/**
 * Chunks per message. Neighbouring chunks mostly share templates, and each thread plans the
 * template shapes it meets by itself, so runs keep that work from being done twice; they also
 * mean fewer messages.
 */
export const BATCH = 8;
/**
 * Batches read ahead per leased thread: when a thread finishes one, the next is read already and
 * goes to it at once.
 */
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

const parseBatch = defineTask<BatchTask, BatchReply>(compiledBeside(import.meta.url, 'chunk-task.js'), 'parseBatch');

/**
 * Parses chunks on the process's thread pool (@quarry/threads) and hands results back in file
 * order. This thread only reads the file and keeps order, so a lease of `threads` keeps `threads`
 * cores busy. Buffers go back and forth by transfer and are recycled (input runs, and in text mode
 * output), so the steady state allocates no large buffers: each new one would count as external
 * memory and bring GCs. Memory stays bounded whatever the file size: at most PER_WORKER runs per
 * leased thread.
 */
export class ChunkPool {
  private readonly lease: ThreadLease;
  private readonly opts: RenderOptions;
  private readonly annotator: BatchTask['annotator'];
  private readonly inputs: Input[] = [];
  private readonly outputs: ArrayBuffer[] = [];

  /** `threads`: the most of the process's pool this file's chunks may take at once (the job's lease). */
  constructor(threads: number, opts: WorkerOptions) {
    this.lease = threadPool().lease(threads);
    const { json, jsonText, xml, recover, text, annotator } = opts;
    this.opts = { json, jsonText, xml, recover, text };
    this.annotator = annotator ? { module: annotator.module, data: shareData(annotator.data) } : undefined;
  }

  private post(input: ArrayBuffer, length: number, first: number): Promise<BatchReply> {
    const spare = this.outputs.pop();
    const task: BatchTask = { input, length, first, spare, opts: this.opts, annotator: this.annotator };
    return this.lease.run(parseBatch, task, { transfer: spare ? [input, spare] : [input] }).catch((e: unknown) => {
      throw new EvtxError(`worker failed: ${e instanceof Error ? e.message : String(e)}`, 'chunk', -1);
    });
  }

  /**
   * Results of one reply; its buffers are reused once the caller has taken the last one. Records
   * keep their chunk (`chunkOf`) as a view of the input buffer, lent until that buffer is read into
   * again or the file's last record is past: a record store keeps a record as its place in the chunk, as it does for records parsed
   * on this thread, without a copy of every chunk here.
   */
  private *unpack(reply: BatchReply): Generator<ChunkResult> {
    const loan = new Loan(Buffer.from(reply.input, 0, reply.length));
    this.inputs.push({ buf: reply.input, loan });
    for (const { result, index, start, end } of reply.results) {
      if (result.text && reply.output) result.text.bytes = new Uint8Array(reply.output, start, end - start);
      if (result.records.length > 0) {
        const chunk = lentChunk(loan, (index - reply.first) * CHUNK_SIZE, index);
        for (const r of result.records) (r as EvtxRecord & { [CHUNK]?: EvtxChunk })[CHUNK] = chunk;
      }
      yield result;
    }
    if (reply.output) this.outputs.push(reply.output);
  }

  /** A buffer to read the next run into; chunks lent from its last contents stop being given out. */
  private nextInput(): ArrayBuffer {
    const input = this.inputs.pop();
    if (!input) return new ArrayBuffer(BATCH * CHUNK_SIZE);
    input.loan?.release();
    return input.buf;
  }

  /** Results of the chunks in `runs`, in that order; empty chunk slots give none. */
  async *map(src: ByteSource, runs: Iterable<ChunkRun>): AsyncGenerator<ChunkResult> {
    const inFlight: Promise<BatchReply>[] = [];
    const depth = this.lease.threads * PER_WORKER;
    try {
      for (const run of runs) {
        if (inFlight.length >= depth) yield* this.unpack(await inFlight.shift()!);
        const input = this.nextInput();
        const length = await src.readInto(new Uint8Array(input, 0, run.count * CHUNK_SIZE), chunkOffset(run.first));
        // A stream that has ended holds nothing further (its size may be an upper bound: a zip member's, unknown until its end).
        if (length === 0 && src.forwardOnly) {
          this.inputs.push({ buf: input });
          break;
        }
        const reply = this.post(input, length, run.first);
        // Rejections are seen when the reply's turn comes.
        reply.catch(() => undefined);
        inFlight.push(reply);
      }
      while (inFlight.length > 0) yield* this.unpack(await inFlight.shift()!);
    } finally {
      // The consumer is past the last record: records it kept pin none of the buffers.
      for (const input of this.inputs) input.loan?.release();
    }
  }
}
