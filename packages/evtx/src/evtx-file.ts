import { CHUNK_SIZE, hasChunkMagic } from './chunk-header.js';
import { chunkOffset, chunksIn } from './chunk-slots.js';
import { readChunk, type ChunkResult, type EvtxRecord, type RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';
import { FILE_HEADER_SIZE, FLAG_NO_CRC32, parseFileHeader, type FileHeader } from './file-header.js';
import { OutBuffer } from './plan/out-buffer.js';
import { BATCH, ChunkPool, workersFor, type ChunkRun } from './pool.js';
import { openSource, type ByteSource } from './source.js';
import { isStreamInput } from './stream-source.js';
import type { RecordAnnotator } from './annotator.js';
import type { EvtxWarning } from './warnings.js';
import type { EvtxStreamInput } from './stream-source.js';

export interface OpenOptions extends RenderOptions {
  /**
   * Most worker threads to parse chunks on (this thread then only reads and keeps order); 0 or 1
   * parses on this thread (default 1). Each worker warms up and plans on its own, which only pays
   * on large files: one is started per `chunksPerThread` chunks, and with fewer than two this
   * thread parses.
   */
  threads?: number;
  /** Chunks (64 KiB each) per worker thread started (default 1536, 96 MiB). */
  chunksPerThread?: number;
  /** Called with each file- or chunk-level warning as it is found. */
  onWarning?: (w: EvtxWarning) => void;
  /** Per-record work for the worker threads (see RecordAnnotator). */
  annotator?: RecordAnnotator;
}

/** An opened EVTX file: iterate it for records; warnings and the header fill in as it is read. */
export interface EvtxFile extends AsyncIterable<EvtxRecord> {
  /** File and chunk level warnings, including records that had to be skipped. */
  readonly warnings: EvtxWarning[];
  /** The file header, once iteration has started (undefined when it is unreadable). */
  readonly header: FileHeader | undefined;
  readonly stats: { chunks: number; records: number; skippedRecords: number };
}

/** What reading a file found so far, filled in as chunks are read. */
interface ReadState {
  readonly warnings: EvtxWarning[];
  header: FileHeader | undefined;
  readonly stats: { chunks: number; records: number; skippedRecords: number };
  warn(w: EvtxWarning): void;
}

function readState(opts: OpenOptions): ReadState {
  const state: ReadState = {
    warnings: [],
    header: undefined,
    stats: { chunks: 0, records: 0, skippedRecords: 0 },
    warn(w) {
      state.warnings.push(w);
      if (w.code === 'record-skipped') state.stats.skippedRecords++;
      opts.onWarning?.(w);
    },
  };
  return state;
}

/** What openEvtx and dumpEvtx hand out: the iteration, and what reading finds as it goes. */
function readingOf<T>(state: ReadState, iterate: () => AsyncGenerator<T>): AsyncIterable<T> & Pick<ReadState, 'warnings' | 'header' | 'stats'> {
  return {
    warnings: state.warnings,
    get header() {
      return state.header;
    },
    stats: state.stats,
    [Symbol.asyncIterator]: iterate,
  };
}

/** The file's chunk results in record order, with file level warnings on the way. */
async function* chunkResults(input: string | Buffer | Uint8Array | EvtxStreamInput, opts: OpenOptions, state: ReadState): AsyncGenerator<ChunkResult> {
  const src = await openSource(input);
  const total = Math.ceil(Math.max(0, src.size - FILE_HEADER_SIZE) / CHUNK_SIZE);
  let pool: ChunkPool | undefined;
  try {
    const header = readHeader(await src.read(0, FILE_HEADER_SIZE), state.warn);
    state.header = header;
    // A size that is only a bound (a zip member with a data descriptor) would send a 68 KiB log to
    // the threads: its header's chunk count decides instead (a dirty header may undercount: then
    // the file is read on this thread, slower but whole).
    const bounded = isStreamInput(input) && input.sizeIsBound === true && header !== undefined;
    const workers = workersFor(bounded ? Math.min(total, header.chunkCount) : total, opts.threads ?? 1, opts.chunksPerThread);
    pool = workers > 1 ? new ChunkPool(workers, opts) : undefined;
    let stale = header !== undefined;
    const results = pool ? pool.map(src, chunkRuns(src, total)) : serial(src, total, opts);
    for await (const r of results) {
      state.stats.chunks++;
      // A dirty file's header can undercount its chunks: say so once, and read on.
      if (stale && header && state.stats.chunks > header.chunkCount) {
        stale = false;
        state.warn({ code: 'file-header-chunk-count', message: `header declares ${header.chunkCount} chunks, the file holds more`, offset: 42 });
      }
      for (const w of r.warnings) state.warn(w);
      yield r;
    }
  } finally {
    await src.close();
  }
}

/**
 * Recovered records already read live (by record ID) are dropped: `keep` says whether to pass
 * the record on. Without recovery there is nothing to drop.
 */
function deduplicator(recover: boolean | undefined): ((id: number, recovered: boolean) => boolean) | undefined {
  if (!recover) return undefined;
  const seen = new Set<number>();
  return (id, recovered) => {
    if (recovered && seen.has(id)) return false;
    seen.add(id);
    return true;
  };
}

/**
 * Opens an EVTX file (path or bytes) for streaming. Memory stays bounded by a few chunks.
 * Iteration never throws for damaged content; only an unreadable path rejects.
 */
export function openEvtx(input: string | Buffer | Uint8Array | EvtxStreamInput, opts: OpenOptions = {}): EvtxFile {
  const state = readState(opts);
  async function* iterate(): AsyncGenerator<EvtxRecord> {
    const keep = deduplicator(opts.recover);
    for await (const r of chunkResults(input, { ...opts, text: undefined }, state)) {
      // Each record leaves its chunk's list as it is handed out. Kept there until the chunk's last
      // one is read, records outlive young-generation collections and get promoted: measured on
      // the samples, 670 MB promoted over 307,062 records, and a third of the parser's CPU.
      const records: (EvtxRecord | undefined)[] = r.records;
      for (let i = 0; i < records.length; i++) {
        const rec = records[i]!;
        records[i] = undefined;
        if (keep && !keep(rec.recordId, rec.recovered === true)) continue;
        state.stats.records++;
        yield rec;
      }
    }
  }
  return readingOf(state, iterate);
}

/**
 * An opened file as output text: UTF-8 JSON lines or XML documents, a chunk's worth at a time.
 * Each piece is a view of a reused buffer: consume it (write it, copy it) before asking for the next.
 */
export interface EvtxDump extends AsyncIterable<Uint8Array> {
  readonly warnings: EvtxWarning[];
  readonly header: FileHeader | undefined;
  readonly stats: { chunks: number; records: number; skippedRecords: number };
}

/**
 * The CLI's fast path: the same records as openEvtx, written as evtx_dump writes them, with no
 * record objects in between (and from workers, one transferred buffer per chunk).
 */
export function dumpEvtx(
  input: string | Buffer | Uint8Array | EvtxStreamInput,
  format: 'jsonl' | 'xml',
  opts: Omit<OpenOptions, keyof RenderOptions> & { recover?: boolean } = {},
): EvtxDump {
  const state = readState(opts);
  async function* iterate(): AsyncGenerator<Uint8Array> {
    const keep = deduplicator(opts.recover);
    for await (const r of chunkResults(input, { ...opts, text: format, json: false }, state)) {
      const t = r.text!;
      if (!keep || !t.recovered.includes(true)) {
        state.stats.records += t.ids.length;
        if (keep) for (const id of t.ids) keep(id, false);
        yield t.bytes;
        continue;
      }
      const parts: Uint8Array[] = [];
      for (let i = 0; i < t.ids.length; i++) {
        if (!keep(t.ids[i]!, t.recovered[i]!)) continue;
        state.stats.records++;
        parts.push(t.bytes.subarray(i === 0 ? 0 : t.ends[i - 1], t.ends[i]));
      }
      yield Buffer.concat(parts);
    }
  }
  return readingOf(state, iterate);
}

function readHeader(buf: Buffer, warn: (w: EvtxWarning) => void): FileHeader | undefined {
  try {
    const h = parseFileHeader(buf);
    if (!h.checksumValid && !(h.flags & FLAG_NO_CRC32)) {
      warn({ code: 'file-header-checksum', message: 'file header checksum mismatch', offset: 124 });
    }
    return h;
  } catch (e) {
    if (!(e instanceof EvtxError)) throw e;
    warn({ code: 'file-header-magic', message: e.message, offset: 0 });
    return undefined;
  }
}

/**
 * The chunk holding the oldest records: the one whose header names the lowest first record ID.
 * A full log overwrites its oldest chunk, so after wrapping around it can be anywhere.
 */
function oldestChunk(src: ByteSource, total: number): number {
  let best = -1;
  let lowest = 0n;
  for (let i = 0; i < total; i++) {
    const h = src.readNow(chunkOffset(i), 40);
    if (h.length < 40 || !hasChunkMagic(h)) continue;
    const first = h.readBigUInt64LE(24);
    const last = h.readBigUInt64LE(32);
    if (first <= last && (best < 0 || first < lowest)) {
      best = i;
      lowest = first;
    }
  }
  return Math.max(best, 0);
}

/** Chunks read per I/O request: few round trips, and memory still bounded by a few chunks. */
const READ_CHUNKS = 8;

/** The file's chunks in record order (from the oldest, wrapping round), as runs of consecutive chunks. */
function* chunkRuns(src: ByteSource, total: number, size = BATCH): Generator<ChunkRun> {
  // A stream is read in file order: a wrapped log's records then come out of time order.
  const start = src.forwardOnly ? 0 : oldestChunk(src, total);
  for (const [from, to] of [
    [start, total],
    [0, start],
  ] as const) {
    for (let first = from; first < to; first += size) yield { first, count: Math.min(size, to - first) };
  }
}

async function* serial(src: ByteSource, total: number, opts: RenderOptions): AsyncGenerator<ChunkResult> {
  // Text goes into one buffer reused from chunk to chunk; each chunk's text is consumed before the next is read.
  const out = opts.text ? new OutBuffer() : undefined;
  const runs = [...chunkRuns(src, total, READ_CHUNKS)];
  const read = (run: ChunkRun): Promise<Buffer> => src.read(chunkOffset(run.first), run.count * CHUNK_SIZE);
  // The next block is read while this one is parsed.
  let next = runs.length > 0 ? read(runs[0]!) : undefined;
  for (let r = 0; r < runs.length; r++) {
    const block = await next!;
    // A stream that has ended holds nothing further (its size may be an upper bound: a zip member's, unknown until its end).
    if (block.length === 0 && src.forwardOnly) break;
    next = r + 1 < runs.length ? read(runs[r + 1]!) : undefined;
    // Seen when its turn comes; until then a failed read must not count as unhandled.
    next?.catch(() => undefined);
    for (const { buf, base, index } of chunksIn(block, runs[r]!.first)) {
      if (out) out.pos = 0;
      yield readChunk(buf, base, index, opts, true, out);
    }
  }
}
