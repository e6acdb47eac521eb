import { CHUNK_HEADER_SIZE, CHUNK_SIZE, hasChunkMagic, parseChunkHeader } from './chunk-header.js';
import { ChunkContext } from './binxml/chunk-context.js';
import { parseRecordXml } from './binxml/parser.js';
import { EvtxError } from './errors.js';
import { RECORD_HEADER_SIZE, parseRecordHeader, recordOf, type RecordHeader } from './record.js';
import { toJsonEvent, type JsonObject } from './render/json.js';
import { RecordRenderer } from './plan/record-renderer.js';
import { OutBuffer } from './plan/out-buffer.js';
import type { EvtxWarning } from './warnings.js';
import { CHUNK, type EvtxChunk } from './chunk-bytes.js';

/** One event record. */
export interface EvtxRecord {
  recordId: number;
  /** When the record was written (record header FILETIME, UTC), millisecond precision. */
  timestamp: Date;
  /** The same time as text with the full 100 ns precision, `YYYY-MM-DDTHH:MM:SS.fffffffZ`. */
  timestampText: string;
  /** Absolute file offset of the record. */
  offset: number;
  /** Index of the chunk holding it. */
  chunk: number;
  /** The event in evtx_dump's JSON shape: `{ Event: { ... } }` (empty when `json: false`). */
  event: JsonObject;
  /** The event as evtx_dump's JSON text (one line), when asked for with `jsonText: true`. */
  jsonText?: string;
  /** The event as XML, when asked for with `xml: true`. */
  xml?: string;
  /** Carved from chunk slack or a damaged chunk (`recover: true`). */
  recovered?: boolean;
  warnings: EvtxWarning[];
  /** What OpenOptions.annotator said about the record (null: nothing); absent when parsed on the calling thread. */
  annotation?: unknown;
}

export interface RenderOptions {
  /** Render the JSON event (default true). */
  json?: boolean;
  /** Render JSON text into `record.jsonText`, faster than `json` + eventToJson (default false). */
  jsonText?: boolean;
  /** Render XML text into `record.xml` (default false). */
  xml?: boolean;
  /** Carve records from slack space and from chunks whose header is damaged (default false). */
  recover?: boolean;
  /** @internal Only the output text of each chunk (ChunkResult.text), for the CLI. */
  text?: 'jsonl' | 'xml';
}

/** A chunk's records as output text (`RenderOptions.text`): what the CLI writes, nothing else. */
export interface ChunkText {
  /** UTF-8 text of the records, one after the other: a view of a reused buffer, valid until the next chunk is read. */
  bytes: Uint8Array;
  /** Where each record's text ends in `bytes`. */
  ends: number[];
  ids: number[];
  recovered: boolean[];
}

export interface ChunkResult {
  records: EvtxRecord[];
  warnings: EvtxWarning[];
  text?: ChunkText;
}

/** Where a record parsed on this thread keeps how to render its XML, so toXml can do it later. */
export const LAZY_XML: unique symbol = Symbol('evtx.xml');

/** A record and, off the enumerable fields (not sent from workers), its XML renderer and chunk. */
interface Parsed extends EvtxRecord {
  [LAZY_XML]?: () => string;
  [CHUNK]?: EvtxChunk;
}

const NEWLINE = Buffer.from('\n');
/** Stands in for the text output when records are objects: never written to. */
const NO_TEXT = new OutBuffer(Buffer.alloc(0));

/**
 * Reads every record of one chunk. `buf` is the chunk (64 KiB, shorter when the file is
 * truncated), `base` its absolute file offset. Never throws: problems become warnings.
 * In text mode the records are appended to `out` (from its current position), a new buffer if none is given.
 * `local`: the records stay on this thread, so each keeps (off its enumerable fields) a lazy XML
 * renderer and its chunk (`chunkOf`), which `buf` must then never be overwritten under.
 */
export function readChunk(buf: Buffer, base: number, index: number, opts: RenderOptions, local = false, out?: OutBuffer): ChunkResult {
  const warnings: EvtxWarning[] = [];
  const records: EvtxRecord[] = [];
  const warn = (code: EvtxWarning['code'], message: string, offset: number): void => {
    warnings.push({ code, message, offset, chunk: index });
  };
  const ctx = new ChunkContext(buf, base);
  const renderer = new RecordRenderer(ctx);
  const text: ChunkText | undefined = opts.text ? { bytes: new Uint8Array(0), ends: [], ids: [], recovered: [] } : undefined;
  const format = opts.text === 'xml' ? 'xml' : 'json';
  const textOut = out ?? (text ? new OutBuffer() : NO_TEXT);
  const from = textOut.pos;
  const chunk: EvtxChunk | undefined = local ? { bytes: buf, base, index } : undefined;

  const asRecord = (h: RecordHeader, pos: number, recovered: boolean): void => {
    const start = pos + RECORD_HEADER_SIZE;
    const end = pos + h.size - 4;
    const rec: Parsed = recordOf(h, base + pos, index);
    if (opts.json !== false) rec.event = toJsonEvent(parseRecordXml(ctx, start, end));
    if (opts.jsonText) rec.jsonText = renderer.json(start, end);
    if (opts.xml) rec.xml = renderer.xml(start, end);
    else if (local) rec[LAZY_XML] = () => renderer.xml(start, end);
    if (chunk) rec[CHUNK] = chunk;
    // Rendering nothing still tells whole records from broken ones.
    if (opts.json === false && !opts.jsonText && !opts.xml) parseRecordXml(ctx, start, end);
    if (recovered) {
      rec.recovered = true;
      rec.warnings.push({ code: 'record-recovered', message: 'record carved from unallocated space', offset: rec.offset, chunk: index });
    }
    records.push(rec);
  };

  const asText = (t: ChunkText, h: RecordHeader, pos: number, recovered: boolean): void => {
    const at = textOut.pos;
    try {
      renderer.write(pos + RECORD_HEADER_SIZE, pos + h.size - 4, format, textOut);
    } catch (e) {
      textOut.pos = at;
      throw e;
    }
    if (format === 'json') textOut.bytes(NEWLINE);
    t.ends.push(textOut.pos - from);
    t.ids.push(h.recordId);
    t.recovered.push(recovered);
  };

  /** Renders the record at `pos`; false (with a warning for live ones) when its BinXml is broken. */
  const render = (h: RecordHeader, pos: number, recovered: boolean): boolean => {
    try {
      if (text) asText(text, h, pos, recovered);
      else asRecord(h, pos, recovered);
    } catch (e) {
      if (!(e instanceof EvtxError)) throw e;
      if (!recovered) warn('record-skipped', `record ${h.recordId} skipped: ${e.message}`, base + pos);
      return false;
    }
    return true;
  };
  const result = (): ChunkResult => {
    if (text) text.bytes = textOut.buf.subarray(from, textOut.pos);
    return { records, warnings, text };
  };
  const carve = (from: number, to: number): void => {
    if (!opts.recover) return;
    let p = findMagic(buf, from, to);
    while (p >= 0) {
      let next = p + 1;
      try {
        const h = parseRecordHeader(buf, p, buf.length, base, true);
        const end = p + h.size;
        if (end <= to && render(h, p, true)) next = end;
      } catch (e) {
        if (!(e instanceof EvtxError)) throw e;
      }
      p = findMagic(buf, next, to);
    }
  };

  if (buf.length < CHUNK_SIZE) {
    // As the reference tools do, a chunk cut short by truncation is not read as live records;
    // recovery carves whatever whole records it still holds.
    warn('file-truncated', `chunk ${index} truncated to ${buf.length} of ${CHUNK_SIZE} bytes`, base);
    carve(0, buf.length);
    return result();
  }
  if (!hasChunkMagic(buf)) {
    warn('chunk-magic', `chunk ${index} has no ElfChnk signature`, base);
    carve(CHUNK_HEADER_SIZE, buf.length);
    return result();
  }
  const header = parseChunkHeader(buf);
  if (!header.headerChecksumValid) warn('chunk-header-checksum', `chunk ${index} header checksum mismatch`, base + 124);
  if (!header.recordsChecksumValid) warn('chunk-records-checksum', `chunk ${index} record data checksum mismatch`, base + 52);
  if (header.freeSpaceOffset > buf.length || header.freeSpaceOffset < CHUNK_HEADER_SIZE) {
    warn('chunk-header-bounds', `chunk ${index}: free space offset ${header.freeSpaceOffset} is outside the chunk`, base + 48);
  }
  const liveEnd = Math.min(header.freeSpaceOffset, buf.length);
  const lastId = Number(header.lastRecordId);
  const firstId = Number(header.firstRecordId);
  // Next live record at or after `from`: a well-formed record (size copy included) starting by
  // the last record's offset, ending in the live area, with an ID in the header's range. A
  // chunk caught while being reused also holds records of the log's previous pass over it.
  const findLive = (from: number): number => {
    const searchEnd = Math.min(liveEnd, header.lastRecordOffset + 4);
    let p = findMagic(buf, from, searchEnd);
    while (p >= 0) {
      try {
        const h = parseRecordHeader(buf, p, buf.length, base, true);
        if (p + h.size <= liveEnd && h.recordId >= firstId && h.recordId <= lastId) return p;
      } catch (e) {
        if (!(e instanceof EvtxError)) throw e;
      }
      p = findMagic(buf, p + 1, searchEnd);
    }
    return -1;
  };

  let pos = CHUNK_HEADER_SIZE;
  while (pos >= 0 && pos < liveEnd) {
    let h: RecordHeader;
    try {
      h = parseRecordHeader(buf, pos, buf.length, base, false);
    } catch (e) {
      if (!(e instanceof EvtxError)) throw e;
      const next = findLive(pos + 1);
      // Zeroes where a record should start mark the real end of the records when the
      // header's free space offset is too large.
      const blank = buf.length - pos < RECORD_HEADER_SIZE || buf.readUInt32LE(pos) === 0;
      if (next >= 0 || !blank) warn('record-skipped', `record skipped: ${e.message}`, e.offset >= 0 ? e.offset : base + pos);
      carve(pos, next >= 0 ? next : buf.length);
      pos = next;
      continue;
    }
    const end = pos + h.size;
    render(h, pos, false);
    if (h.recordId === lastId) {
      carve(end, buf.length);
      pos = -1;
    } else {
      pos = end;
    }
  }
  if (pos >= liveEnd) carve(pos, buf.length);
  return result();
}

/** Next record signature in `[from, end)`, or -1. */
function findMagic(buf: Buffer, from: number, end: number): number {
  if (from >= end) return -1;
  const hit = buf.subarray(0, end).indexOf(MAGIC_BYTES, from);
  return hit >= 0 && hit + 4 <= end ? hit : -1;
}

const MAGIC_BYTES = Buffer.from([0x2a, 0x2a, 0, 0]);
