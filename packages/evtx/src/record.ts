import { EvtxError } from './errors.js';
import { u32le } from './binxml/le.js';
import { filetimeToDate, formatFiletime } from './binxml/time.js';
import type { EvtxRecord } from './chunk.js';

export const RECORD_MAGIC = 0x00002a2a;
export const RECORD_HEADER_SIZE = 24;

export interface RecordHeader {
  size: number;
  recordId: number;
  /** FILETIME written, as 32-bit halves. */
  timeLo: number;
  timeHi: number;
}

/**
 * Reads and checks the record header at chunk offset `pos`: magic, a size that fits in the
 * chunk, and (`checkCopy`, for carved records) the copy of the size at the record's end.
 * Throws EvtxError otherwise.
 */
export function parseRecordHeader(chunk: Buffer, pos: number, end: number, base: number, checkCopy: boolean): RecordHeader {
  if (pos + RECORD_HEADER_SIZE > end) {
    throw new EvtxError('truncated record header', 'record', base + pos, RECORD_HEADER_SIZE, end - pos);
  }
  if (u32le(chunk, pos) !== RECORD_MAGIC) throw new EvtxError('bad record magic', 'record', base + pos);
  const size = u32le(chunk, pos + 4);
  if (size < RECORD_HEADER_SIZE + 4 || pos + size > end) {
    throw new EvtxError(`implausible record size ${size}`, 'record', base + pos + 4, size, end - pos);
  }
  if (checkCopy && u32le(chunk, pos + size - 4) !== size) {
    throw new EvtxError('record size copy does not match', 'record', base + pos + size - 4);
  }
  const lo = u32le(chunk, pos + 8);
  const hi = u32le(chunk, pos + 12);
  return {
    size,
    recordId: hi * 0x100000000 + lo,
    timeLo: u32le(chunk, pos + 16),
    timeHi: u32le(chunk, pos + 20),
  };
}

/** A record with its header's facts, at absolute file offset `offset` of chunk `index`; no event yet, no warnings. */
export function recordOf(h: RecordHeader, offset: number, index: number): EvtxRecord {
  return {
    recordId: h.recordId,
    timestamp: filetimeToDate(h.timeLo, h.timeHi),
    timestampText: formatFiletime(h.timeLo, h.timeHi),
    offset,
    chunk: index,
    event: {},
    warnings: [],
  };
}
