import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { defineTask, threadPool } from '@quarry/threads';
import type { EventTemplate } from '@quarry/reference';
import type { InputRef, RecordOf, RecordSink } from '@quarry/insights';
import type { ParseCategory } from '@quarry/vocabulary';
import { BLOCK_BYTES, BLOCK_RECORDS, blockText, packChunk } from './codec.js';
import { FORMAT_VERSION } from './schema.js';
import { discard, publish, writeBack } from './publish.js';
import type { RecordAnnotation, RowShape, SourceChunk, WriteContext } from './rows/shape.js';
import { chunkBuffers, packTexts, type Batch, type FromWriter, type ToWriter, type WriterInit, type WriterTaskEnd } from './write-protocol.js';

/** Rows per batch posted to the writer thread. */
const ROWS_PER_BATCH = 128;
/** Batches posted but not yet written; `write` waits for the oldest beyond this (bounded memory). */
const MAX_IN_FLIGHT = 64;
/** Batches between background syncs of the file being built (publish.ts writeBack): a few MiB of store. */
const BATCHES_PER_SYNC = 64;
/** Chunk buffers kept for reuse, at most (EVTX keeps a few MiB of 64 KiB chunks in flight). */
const SPARE_BYTES = 16 * 1024 * 1024;

export interface WriterOptions<C extends ParseCategory> {
  /** Extra facts per record (Sigma matches) the caller knows when the record is written. */
  annotate?: (record: RecordOf<C>, input: InputRef) => RecordAnnotation | undefined;
  /**
   * The writer thread starts at the first batch even when the pool's stream threads are all
   * taken (threads' StreamOptions.ungated): for a store other stores of its job may wait on.
   */
  ownThread?: boolean;
}

/** The compiled writer task: beside this file in dist, or in ../../dist when running from src (tests, bench). */
function taskUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('../../dist/record-store/write-task.js', import.meta.url) : new URL('./write-task.js', import.meta.url);
}

interface Waiter {
  resolve(m: FromWriter & { type: 'done' }): void;
  reject(err: Error): void;
}

function writerError(m: FromWriter & { type: 'error' }): Error {
  const err = new Error(m.message) as Error & { code?: string };
  if (m.code !== undefined) err.code = m.code;
  if (m.stack !== undefined) err.stack = m.stack;
  return err;
}

/**
 * Writes one job's records into a new store file (see RecordStores.writer). The database is
 * built by a long-lived task on the process's thread pool (write-task.ts, a stream: a thread of
 * its own for the whole build, outside the job's CPU lease), fed through a MessagePort: `write`
 * turns records into rows and payload texts here, batches them and posts each batch; it returns a
 * promise only when MAX_IN_FLIGHT batches are still unwritten, so memory holds a few batches
 * whatever the job's size.
 */
export class RecordStoreWriter<C extends ParseCategory> implements RecordSink<C> {
  /** CPU seconds the writer thread spent (Linux), known after close(): for the benchmark. */
  writerCpuSeconds = NaN;
  private readonly port: MessagePort;
  private readonly waiting = new Map<number, Waiter>();
  private readonly inFlight: Promise<unknown>[] = [];
  private seq = 0;
  private exited = false;
  private failure: Error | undefined;
  private rows: unknown[] = [];
  private recs: unknown[] = [];
  private rowCount = 0;
  private blocks: [number, string][] = [];
  private newInputs: [number, string][] = [];
  private newTemplates: [number, string][] = [];
  private newHives: [number, string][] = [];
  private newChunks: Batch['chunks'] = [];
  /** The chunk last registered and its id: a chunk's records come one after another. */
  private chunk: SourceChunk | undefined;
  private chunkCount = 0;
  /** Chunk buffers the writer thread gave back, to copy the next chunks into. */
  private spare: ArrayBuffer[] = [];
  private spareBytes = 0;
  private block: string[] = [];
  private blockBytes = 0;
  private blockId = 0;
  private records = 0;
  private readonly inputs = new Set<number>();
  /** The background sync under way, if any (one at a time). */
  private syncing: Promise<void> | undefined;
  private readonly templates = new Map<string, number>();
  /** The same, by the template objects the shape hands out (it looks each up once). */
  private readonly templateIds = new Map<EventTemplate, number>();
  private readonly hives = new Map<object, number>();
  private readonly ctx: WriteContext;
  private state: 'open' | 'closing' | 'closed' | 'aborted' = 'open';
  /**
   * Starts the writer task, on the first request: a thread of the pool's few stream threads is
   * taken only once there is something to write. A triage job's own store gets its records at the
   * job's end; made at its start, it held a thread through the whole job that other stores (its
   * member types' before they had threads of their own, other jobs') waited for.
   */
  private startTask: (() => void) | undefined;

  constructor(
    private readonly shape: RowShape<C>,
    key: string | null,
    private readonly temp: string,
    private readonly final: string,
    private readonly options: WriterOptions<C> = {},
  ) {
    const url = taskUrl();
    if (!existsSync(fileURLToPath(url))) throw new Error(`record store writer task ${fileURLToPath(url)} is missing: build @quarry/store first`);
    const init: WriterInit = {
      path: temp,
      key,
      shape: {
        category: shape.category,
        sqlColumns: shape.sqlColumns,
        recordColumns: shape.recordColumns,
        indexed: shape.indexed,
        slotted: shape.slotted,
        leadingParts: shape.leadingParts,
        severalTimes: shape.severalTimes,
        fieldsColumn: shape.fieldsColumn,
      },
    };
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.port.unref();
    this.port.on('message', (m: FromWriter) => this.settle(m));
    const task = defineTask<{ init: WriterInit; port: MessagePort }, WriterTaskEnd>(url, 'writeStore');
    this.startTask = () => {
      // The task ends after close or abort; before that, its end is a failure (its thread died).
      void threadPool()
        .stream(task, { init, port: port2 }, { transfer: [port2], ungated: options.ownThread === true })
        .then(
          (end) => this.ended(new Error('record store writer task ended'), end.answered),
          (err: unknown) => this.ended(err instanceof Error ? err : new Error(String(err)), 0),
        );
    };
    this.ctx = {
      annotation: undefined,
      templateId: (t: EventTemplate) => {
        let id = this.templateIds.get(t);
        if (id !== undefined) return id;
        const key = `${t.provider.toLowerCase()}\0${t.eventId}\0${t.version}`;
        id = this.templates.get(key);
        if (id === undefined) {
          id = this.templates.size + 1;
          this.templates.set(key, id);
          this.newTemplates.push([id, t.template]);
        }
        this.templateIds.set(t, id);
        return id;
      },
      sharedId: (value, encode) => {
        let id = this.hives.get(value);
        if (id === undefined) {
          id = this.hives.size + 1;
          this.hives.set(value, id);
          this.newHives.push([id, encode()]);
        }
        return id;
      },
      chunkId: (chunk) => {
        if (chunk !== this.chunk) {
          this.chunk = chunk;
          if (chunk.packHere) {
            this.newChunks.push([++this.chunkCount, chunk.index, packChunk(chunk.bytes), true]);
            return this.chunkCount;
          }
          // A copy with a buffer of its own (the reader's holds other chunks too), transferred to
          // the writer thread and back instead of cloned.
          const spare = this.spare.pop();
          if (spare) this.spareBytes -= spare.byteLength;
          const copy = spare && spare.byteLength >= chunk.bytes.length ? new Uint8Array(spare, 0, chunk.bytes.length) : new Uint8Array(chunk.bytes.length);
          copy.set(chunk.bytes);
          this.newChunks.push([++this.chunkCount, chunk.index, copy, false]);
        }
        return this.chunkCount;
      },
    };
  }

  write(record: RecordOf<C>, input: InputRef): void | Promise<void> {
    if (this.state !== 'open') throw new Error(`record store writer is ${this.state}`);
    if (this.failure) throw this.failure;
    if (!this.inputs.has(input.position)) {
      this.inputs.add(input.position);
      this.newInputs.push([input.position, JSON.stringify(input)]);
    }
    this.ctx.annotation = this.options.annotate?.(record, input);
    const payload = this.shape.payloadOf(record, this.ctx);
    // Where records() finds it (schema.ts rows): a payload's block and slot, or -chunk and file offset.
    const inBlock = typeof payload === 'string';
    const block = inBlock ? this.blockId : -payload.chunk;
    const slot = inBlock ? this.block.length : payload.offset;
    let rec: number | null = null;
    if (this.shape.recordOf) {
      rec = this.records + 1;
      const cells = this.shape.recordOf(record, input);
      this.recs.push(rec, packTexts(cells.parts));
      for (const v of cells.values) this.recs.push(v);
    }
    for (const row of this.shape.rowsOf(record, input, this.ctx)) {
      this.rows.push(row.time, input.position, block, slot, packTexts(row.parts), row.times ?? null, row.fields ? packTexts(row.fields) : null, rec);
      for (const v of row.values) this.rows.push(v);
      this.rowCount++;
    }
    this.records++;
    if (inBlock) {
      this.block.push(payload);
      this.blockBytes += payload.length;
      if (this.block.length >= BLOCK_RECORDS || this.blockBytes >= BLOCK_BYTES) this.closeBlock();
    }
    if (this.rowCount >= ROWS_PER_BATCH) return this.flushBatch();
  }

  async close(): Promise<void> {
    if (this.state !== 'open') throw new Error(`record store writer is ${this.state}`);
    this.state = 'closing';
    try {
      if (this.failure) throw this.failure;
      this.closeBlock();
      this.post();
      await Promise.all(this.inFlight.splice(0));
      const done = await this.request({
        type: 'close',
        seq: ++this.seq,
        meta: { format: FORMAT_VERSION, category: this.shape.category, records: String(this.records) },
      });
      this.writerCpuSeconds = done.cpuSeconds ?? NaN;
      this.state = 'closed';
      await this.syncing;
      await publish(this.temp, this.final);
    } catch (err) {
      await this.abort();
      throw err;
    }
  }

  async abort(): Promise<void> {
    // Never started: no task to stop and no file made.
    if (this.startTask) {
      this.startTask = undefined;
      this.exited = true;
    }
    if (!this.exited) {
      try {
        // The task closes the file (releasing it) and ends; the file is deleted next either way.
        await this.request({ type: 'abort', seq: ++this.seq });
      } catch {
        // The task's thread is gone, and the file released with it.
      }
    }
    this.port.close();
    this.state = 'aborted';
    this.rows = [];
    this.recs = [];
    this.blocks = [];
    this.newChunks = [];
    this.block = [];
    this.inFlight.length = 0;
    await this.syncing;
    await discard(this.temp);
  }

  private closeBlock(): void {
    if (this.block.length === 0) return;
    this.blocks.push([this.blockId++, blockText(this.block)]);
    this.block = [];
    this.blockBytes = 0;
  }

  /** Posts the pending rows; waits for the oldest batch when too many are unwritten. */
  private flushBatch(): Promise<void> | undefined {
    this.post();
    if (this.inFlight.length < MAX_IN_FLIGHT) return undefined;
    return this.inFlight.shift()!.then(() => undefined);
  }

  private post(): void {
    if (
      this.rowCount === 0 &&
      this.blocks.length === 0 &&
      this.newInputs.length === 0 &&
      this.newTemplates.length === 0 &&
      this.newHives.length === 0 &&
      this.newChunks.length === 0
    )
      return;
    const batch: Batch = {
      type: 'batch',
      seq: ++this.seq,
      inputs: this.newInputs,
      templates: this.newTemplates,
      hives: this.newHives,
      blocks: this.blocks,
      chunks: this.newChunks,
      recs: this.recs,
      rows: this.rows,
    };
    this.newInputs = [];
    this.newChunks = [];
    this.newTemplates = [];
    this.newHives = [];
    this.blocks = [];
    this.recs = [];
    this.rows = [];
    this.rowCount = 0;
    const written = this.request(batch);
    // A failure is kept (this.failure) and thrown by the next write or close, whoever awaits this.
    written.catch(() => undefined);
    this.inFlight.push(written);
    if (this.seq % BATCHES_PER_SYNC === 0 && !this.syncing) {
      this.syncing = writeBack(this.temp).then(() => {
        this.syncing = undefined;
      });
    }
  }

  private request(m: ToWriter): Promise<FromWriter & { type: 'done' }> {
    if (this.exited) return Promise.reject(this.failure ?? new Error('record store writer task ended'));
    const start = this.startTask;
    this.startTask = undefined;
    start?.();
    return new Promise((resolve, reject) => {
      this.waiting.set(m.seq, { resolve, reject });
      // Keeps the process alive only while something waits on the task.
      if (this.waiting.size === 1) this.port.ref();
      this.port.postMessage(m, m.type === 'batch' ? chunkBuffers(m.chunks) : undefined);
    });
  }

  private settle(m: FromWriter): void {
    const w = this.waiting.get(m.seq);
    if (!w) return;
    this.waiting.delete(m.seq);
    if (this.waiting.size === 0) this.port.unref();
    if (m.type === 'done' && m.spare && this.state === 'open') this.keepSpare(m.spare);
    if (m.type === 'done') w.resolve(m);
    else {
      const err = writerError(m);
      this.failure ??= err;
      w.reject(err);
    }
  }

  /** Keeps returned chunk buffers up to SPARE_BYTES. */
  private keepSpare(buffers: ArrayBuffer[]): void {
    for (const b of buffers) {
      if (this.spareBytes + b.byteLength > SPARE_BYTES) return;
      this.spare.push(b);
      this.spareBytes += b.byteLength;
    }
  }

  /**
   * The task ended: what it never answered fails. Requests up to `answered` (the close or abort
   * that ended it) are left to their answers, which may still be on their way (WriterTaskEnd).
   */
  private ended(err: Error, answered: number): void {
    this.exited = true;
    if (this.state === 'open') this.failure ??= err;
    for (const [seq, w] of this.waiting) {
      if (seq <= answered) continue;
      this.waiting.delete(seq);
      w.reject(err);
    }
    if (this.waiting.size === 0) this.port.unref();
  }
}
