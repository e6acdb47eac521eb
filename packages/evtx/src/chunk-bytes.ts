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
}

/** Where a record parsed on the reading thread keeps its chunk (off the enumerable fields). */
export const CHUNK: unique symbol = Symbol('evtx.chunk');

/**
 * The chunk a record came from, when it was parsed on the reading thread (records from worker
 * threads have none). The bytes are shared by the chunk's records and must not be changed.
 */
export function chunkOf(record: EvtxRecord): EvtxChunk | undefined {
  return (record as EvtxRecord & { [CHUNK]?: EvtxChunk })[CHUNK];
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
