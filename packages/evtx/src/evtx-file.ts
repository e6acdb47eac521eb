import { CHUNK_SIZE, hasChunkMagic } from './chunk-header.js';
import { readChunk, type ChunkResult, type EvtxRecord, type RenderOptions } from './chunk.js';
import { EvtxError } from './errors.js';
import { FILE_HEADER_SIZE, FLAG_NO_CRC32, parseFileHeader, type FileHeader } from './file-header.js';
import { ChunkPool } from './pool.js';
import { openSource, type ByteSource } from './source.js';
import type { EvtxWarning } from './warnings.js';

export interface OpenOptions extends RenderOptions {
  /** Worker threads parsing chunks in parallel; 0 or 1 parses on this thread (default 1). */
  threads?: number;
  /** Called with each file- or chunk-level warning as it is found. */
  onWarning?: (w: EvtxWarning) => void;
}

/** An opened EVTX file: iterate it for records; warnings and the header fill in as it is read. */
export interface EvtxFile extends AsyncIterable<EvtxRecord> {
  /** File and chunk level warnings, including records that had to be skipped. */
  readonly warnings: EvtxWarning[];
  /** The file header, once iteration has started (undefined when it is unreadable). */
  readonly header: FileHeader | undefined;
  readonly stats: { chunks: number; records: number; skippedRecords: number };
}

/**
 * Opens an EVTX file (path or bytes) for streaming. Memory stays bounded by a few chunks.
 * Iteration never throws for damaged content; only an unreadable path rejects.
 */
export function openEvtx(input: string | Buffer | Uint8Array, opts: OpenOptions = {}): EvtxFile {
  const warnings: EvtxWarning[] = [];
  const stats = { chunks: 0, records: 0, skippedRecords: 0 };
  let header: FileHeader | undefined;
  const warn = (w: EvtxWarning): void => {
    warnings.push(w);
    if (w.code === 'record-skipped') stats.skippedRecords++;
    opts.onWarning?.(w);
  };

  async function* iterate(): AsyncGenerator<EvtxRecord> {
    const src = await openSource(input);
    const threads = opts.threads ?? 1;
    const pool = threads > 1 ? new ChunkPool(threads, opts) : undefined;
    const seen = opts.recover ? new Set<number>() : undefined;
    try {
      header = readHeader(await src.read(0, FILE_HEADER_SIZE), warn);
      const total = Math.ceil(Math.max(0, src.size - FILE_HEADER_SIZE) / CHUNK_SIZE);
      let stale = header !== undefined;
      const results = pool ? pool.map(chunkJobs(src, total)) : serial(src, total, opts);
      for await (const r of results) {
        stats.chunks++;
        // A dirty file's header can undercount its chunks: say so once, and read on.
        if (stale && header && stats.chunks > header.chunkCount) {
          stale = false;
          warn({ code: 'file-header-chunk-count', message: `header declares ${header.chunkCount} chunks, the file holds more`, offset: 42 });
        }
        for (const w of r.warnings) warn(w);
        for (const rec of r.records) {
          if (seen) {
            if (seen.has(rec.recordId) && rec.recovered) continue;
            seen.add(rec.recordId);
          }
          stats.records++;
          yield rec;
        }
      }
    } finally {
      await pool?.close();
      await src.close();
    }
  }

  return {
    warnings,
    get header() {
      return header;
    },
    stats,
    [Symbol.asyncIterator]: () => iterate(),
  };
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
    const h = src.readNow(FILE_HEADER_SIZE + i * CHUNK_SIZE, 40);
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

/** Chunk buffers with their offsets and indexes in record order. */
async function* chunkJobs(src: ByteSource, total: number): AsyncGenerator<{ buf: Buffer; base: number; index: number }> {
  const start = oldestChunk(src, total);
  let block: Buffer = Buffer.alloc(0);
  let blockFirst = -1;
  for (let n = 0; n < total; n++) {
    const i = (start + n) % total;
    if (blockFirst < 0 || i < blockFirst || i >= blockFirst + READ_CHUNKS) {
      const count = Math.min(READ_CHUNKS, i < start ? start - i : total - i);
      block = await src.read(FILE_HEADER_SIZE + i * CHUNK_SIZE, count * CHUNK_SIZE);
      blockFirst = i;
    }
    const base = FILE_HEADER_SIZE + i * CHUNK_SIZE;
    const at = (i - blockFirst) * CHUNK_SIZE;
    const buf = block.subarray(at, at + CHUNK_SIZE);
    if (isEmptyChunk(buf)) continue;
    yield { buf, base, index: i };
  }
}

async function* serial(src: ByteSource, total: number, opts: RenderOptions): AsyncGenerator<ChunkResult> {
  for await (const job of chunkJobs(src, total)) yield readChunk(job.buf, job.base, job.index, opts, true);
}

/** A never-used chunk slot: its whole header is zero bytes. */
function isEmptyChunk(buf: Buffer): boolean {
  const end = Math.min(buf.length, 512);
  for (let i = 0; i < end; i++) if (buf[i] !== 0) return false;
  return true;
}
