import { ChunkContext } from './binxml/chunk-context.js';
import { parseRecordXml } from './binxml/parser.js';
import { chunkOffset } from './chunk-slots.js';
import type { EvtxRecord } from './chunk.js';
import { RECORD_HEADER_SIZE, parseRecordHeader, recordOf } from './record.js';
import { toJsonEvent } from './render/json.js';

/** The bytes of the chunk a record was read from (64 KiB; shorter when the file was cut short). */
export interface EvtxChunk {
  readonly bytes: Buffer;
  /** The chunk's absolute file offset. */
  readonly base: number;
  readonly index: number;
  /**
   * Set when the bytes sit in a buffer the reader reuses (records parsed on worker threads): the
   * chunk is only given out while `live` holds: until the buffer is read into again or the file
   * is read to its end.
   */
  readonly lent?: { live: boolean };
}

/** Where a record parsed on the reading thread keeps its chunk (off the enumerable fields). */
export const CHUNK: unique symbol = Symbol('evtx.chunk');

/**
 * The chunk a record came from. The bytes are shared by the chunk's records and must not be
 * changed. A record parsed on a worker thread has its chunk only until the reader reuses the
 * buffer for further chunks, or reaches the file's end: once the consumer has asked for the
 * records after its batch. A consumer that keeps records longer gets undefined, never another
 * chunk's bytes.
 */
export function chunkOf(record: EvtxRecord): EvtxChunk | undefined {
  const chunk = (record as EvtxRecord & { [CHUNK]?: EvtxChunk })[CHUNK];
  return chunk?.lent?.live === false ? undefined : chunk;
}

/**
 * Records read again from a chunk's bytes by their file offsets: the same records reading the
 * file on this thread gave (live ones; carved records carry a flag and a warning this does not
 * know of), so a chunk can be kept in place of its records. Template definitions are parsed once
 * per instance, as when the chunk was first read.
 */
export class ChunkRecords {
  private readonly ctx: ChunkContext;
  private readonly base: number;

  /** `bytes`: the chunk as EvtxChunk held it; `index`: its index in the file (EvtxRecord.chunk). */
  constructor(
    private readonly bytes: Buffer,
    private readonly index: number,
  ) {
    this.base = chunkOffset(index);
    this.ctx = new ChunkContext(bytes, this.base);
  }

  /** The record at absolute file offset `offset`; throws EvtxError when none is readable there. */
  record(offset: number): EvtxRecord {
    const pos = offset - this.base;
    const h = parseRecordHeader(this.bytes, pos, this.bytes.length, this.base, false);
    const record = recordOf(h, offset, this.index);
    record.event = toJsonEvent(parseRecordXml(this.ctx, pos + RECORD_HEADER_SIZE, pos + h.size - 4));
    return record;
  }
}
