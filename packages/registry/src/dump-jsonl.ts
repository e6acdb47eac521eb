import type { RegistryWarning } from './errors.js';
import { readCell, type Cell } from './cell.js';
import { filetimeJson } from './filetime.js';
import type { Hive } from './hive.js';
import { scanDeleted } from './deleted-scan.js';
import { hexJson, latin1Json, utf16Json, utf16NulAt } from './json-text.js';
import type { KeyNode } from './key-node.js';
import { KeyValueCell, parseKeyValueCell } from './key-value.js';
import type { OutputSink } from './output-sink.js';
import { dataCellAllocated, valueSpan, type ValueSpan } from './value-data.js';
import { readValueOffsets } from './value-list.js';
import { VALUE_TYPE_NAMES } from './value-types.js';
import { TreeWalk } from './walk.js';

const ascii = (s: string): Buffer => Buffer.from(s, 'latin1');
const LAST_WRITE = ascii('","last_write":');
const LIVE_VALUES = ascii(',"deleted":false,"values":[');
const DELETED_VALUES = ascii(',"deleted":true,"values":[');
const KEY_END = ascii(']}\n');
const FIRST_VALUE = ascii('{"name":"');
const NEXT_VALUE = ascii(',{"name":"');
/** `","type":"<name>","data":` for each type code, and for unknown codes. */
const TYPE_DATA = VALUE_TYPE_NAMES.map((t) => ascii(`","type":"${t}","data":`));
const UNKNOWN_TYPE_DATA = ascii('","type":"RegUnknown","data":');
/** Room for a value's fixed text: the longest type name plus the field names and punctuation. */
const VALUE_OVERHEAD = 96;
const QUOTE = 0x22;

/**
 * Copies `b` (or its first `length` bytes). TypedArray#set is a precompiled builtin, so it is fast from
 * the first key, whereas a copy loop runs in the interpreter until V8 has optimised it; Buffer#copy
 * would validate its arguments in JavaScript on every call.
 */
function put(out: Buffer, pos: number, b: Buffer, length = b.length): number {
  if (length === b.length) {
    out.set(b, pos);
    return pos + length;
  }
  // A prefix (the key path): Buffer#subarray would go through a constructor on every key, and
  // copy() validates its arguments, so a plain loop unless it is long.
  if (length > 256) return pos + b.copy(out, pos, 0, length);
  for (let i = 0; i < length; i++) out[pos + i] = b[i]!;
  return pos + length;
}

function putAscii(out: Buffer, pos: number, s: string): number {
  for (let i = 0; i < s.length; i++) out[pos + i] = s.charCodeAt(i);
  return pos + s.length;
}

/**
 * A 32-bit unsigned number in decimal, as String(n) gives it, without making the string. `>>> 0`
 * keeps the arithmetic on uint32, where `%` and division are integer operations rather than C calls.
 */
function putUint32(out: Buffer, pos: number, n: number): number {
  let digits = 1;
  for (let t = n >>> 0; t >= 10; t = (t / 10) >>> 0) digits++;
  for (let i = pos + digits - 1; i >= pos; i--) {
    out[i] = 0x30 + (n % 10);
    n = (n / 10) >>> 0;
  }
  return pos + digits;
}

function quotedHex(src: Buffer, start: number, end: number, out: Buffer, pos: number): number {
  out[pos] = QUOTE;
  pos = hexJson(src, start, end, out, pos + 1);
  out[pos] = QUOTE;
  return pos + 1;
}

/** A RegMultiSZ list: it ends at the first empty string (the double NUL), as decodeValueData reads it. */
function multiString(src: Buffer, start: number, end: number, out: Buffer, pos: number): number {
  out[pos++] = 0x5b;
  for (let i = start; ;) {
    const nul = utf16NulAt(src, i, end);
    if (nul === i) break;
    if (i !== start) out[pos++] = 0x2c;
    out[pos++] = QUOTE;
    pos = utf16Json(src, i, nul, out, pos);
    out[pos++] = QUOTE;
    if (nul === end) break;
    i = nul + 2;
  }
  out[pos++] = 0x5d;
  return pos;
}

/** The "data" JSON of decodeValueData + dataJsonText, written from the raw bytes. */
function dataJson(typeCode: number, { src, start, end }: ValueSpan, out: Buffer, pos: number): number {
  const size = end - start;
  switch (typeCode) {
    case 1:
    case 2:
    case 6:
      out[pos] = QUOTE;
      pos = utf16Json(src, start, utf16NulAt(src, start, start + (size & ~1)), out, pos + 1);
      out[pos] = QUOTE;
      return pos + 1;
    case 7:
      return multiString(src, start, start + (size & ~1), out, pos);
    case 4:
      return size === 4 ? putUint32(out, pos, src.readUInt32LE(start)) : quotedHex(src, start, end, out, pos);
    case 5:
      return size === 4 ? putUint32(out, pos, src.readUInt32BE(start)) : quotedHex(src, start, end, out, pos);
    case 11:
      return size === 8 ? putAscii(out, pos, `"${src.readBigUInt64LE(start)}"`) : quotedHex(src, start, end, out, pos);
    default:
      return quotedHex(src, start, end, out, pos);
  }
}

function nameJson(src: Buffer, start: number, end: number, latin1: boolean, out: Buffer, pos: number): number {
  return latin1 ? latin1Json(src, start, end, out, pos) : utf16Json(src, start, end, out, pos);
}

/**
 * `quarry-reg dump` output, byte-identical to keyToJsonLine over Hive.walk({ deleted }), but written
 * straight from the hive bytes into the sink: no RegistryKey, value, decoded data or line string is built.
 */
export class JsonlDump {
  /** The current key's path, JSON-escaped; pre-order means it always starts with the next key's parent path. */
  private path = Buffer.allocUnsafe(4096);
  /** A deleted key's path (a string from the scan) as UTF-16LE, to be escaped like a name. */
  private utf16 = Buffer.allocUnsafe(1024);
  /**
   * The current key's value offsets, value cell and record, and where its data is: refilled for every
   * value rather than made anew, which kept the young generation busy. The span is empty (start = end)
   * when the data is unreadable.
   */
  private readonly offsets: number[] = [];
  private readonly cell: Cell = { offset: 0, dataStart: 0, dataLength: 0, allocated: false };
  private readonly vk: KeyValueCell;
  private readonly span: ValueSpan = { src: Buffer.alloc(0), start: 0, end: 0 };
  private readonly keyStart: Buffer;

  constructor(
    private readonly hive: Hive,
    private readonly sink: OutputSink,
    /** The zip member name, written as a leading "hive" field. */
    private readonly hiveField?: string,
  ) {
    this.vk = new KeyValueCell(hive.ctx.r.view);
    this.keyStart = Buffer.from(hiveField === undefined ? '{"path":"' : `{"hive":${JSON.stringify(hiveField)},"path":"`, 'utf8');
  }

  run(deleted: boolean): void {
    const { ctx } = this.hive;
    const walk = new TreeWalk(ctx, this.hive.baseBlock.rootCellOffset, this.hive.warnings, (parent: number | null, nk) => this.extendPath(parent, nk));
    for (let nk = walk.next(); nk !== null; nk = walk.next()) this.writeKey(nk, walk.path, false, walk.warnings);
    if (!deleted) return;
    // Key warnings are not part of the line, so deleted keys share one list.
    const keyWarnings: RegistryWarning[] = [];
    scanDeleted(ctx.r, this.hive.baseBlock.hiveBinsDataSize, this.hive.warnings, {
      key: (nk, path) => {
        this.writeKey(nk, this.setPath(path), true, keyWarnings);
        keyWarnings.length = 0;
      },
    });
  }

  /** Room for `length` escaped bytes in the path buffer, keeping its first `keep` bytes. */
  private pathRoom(length: number, keep: number): void {
    if (length <= this.path.length) return;
    const grown = Buffer.allocUnsafe(length * 2);
    put(grown, 0, this.path, keep);
    this.path = grown;
  }

  /** Puts a whole path, given as text, escaped into the path buffer; returns its length. */
  private setPath(path: string): number {
    if (path.length * 2 > this.utf16.length) this.utf16 = Buffer.allocUnsafe(path.length * 4);
    const units = this.utf16.write(path, 0, 'utf16le');
    this.pathRoom(path.length * 6, 0);
    return utf16Json(this.utf16, 0, units, this.path, 0);
  }

  /** Appends `\\` and the key's escaped name after the parent's path; returns the new path length. */
  private extendPath(parentLength: number | null, nk: KeyNode): number {
    const at = parentLength === null ? 0 : parentLength + 2;
    this.pathRoom(at + (nk.nameEnd - nk.nameStart) * 6, at);
    if (parentLength !== null) {
      this.path[parentLength] = 0x5c;
      this.path[parentLength + 1] = 0x5c;
    }
    return nameJson(this.hive.ctx.r.buf, nk.nameStart, nk.nameEnd, nk.nameCompressed, this.path, at);
  }

  private writeKey(nk: KeyNode, pathLength: number, deleted: boolean, warnings: RegistryWarning[]): void {
    const { sink } = this;
    sink.reserve(this.keyStart.length + pathLength + 96);
    const out = sink.buf;
    let pos = put(out, sink.pos, this.keyStart);
    pos = put(out, pos, this.path, pathLength);
    pos = put(out, pos, LAST_WRITE);
    pos = filetimeJson(nk.lastWrittenLow, nk.lastWrittenHigh, out, pos);
    sink.pos = put(out, pos, deleted ? DELETED_VALUES : LIVE_VALUES);
    this.writeValues(nk, deleted, warnings);
    sink.bytes(KEY_END);
  }

  /**
   * Same reads and the same fallbacks as buildKey/buildValue. For a deleted key, whatever is now
   * allocated belongs to live data: such a value list means no values, such a value cell is skipped,
   * and such a data cell gives empty data.
   */
  private writeValues(nk: KeyNode, deleted: boolean, warnings: RegistryWarning[]): void {
    const { r, minorVersion } = this.hive.ctx;
    const { offsets, span } = this;
    let count: number;
    try {
      count = readValueOffsets(r, nk.valuesListOffset, nk.valueCount, warnings, offsets);
      if (deleted && count > 0 && readCell(r, nk.valuesListOffset, 'value list', this.cell).allocated) count = 0;
    } catch {
      // As in buildKey, the key keeps no values; its own warnings are not part of the line.
      count = 0;
    }
    for (let i = 0, first = true; i < count; i++) {
      let vk: KeyValueCell;
      try {
        const cell = readCell(r, offsets[i]!, 'vk', this.cell);
        if (deleted && cell.allocated) continue;
        vk = parseKeyValueCell(r, cell, this.vk);
      } catch {
        continue;
      }
      try {
        if (deleted && dataCellAllocated(r, vk, this.cell)) span.end = span.start;
        else valueSpan(r, vk, minorVersion, warnings, span);
      } catch {
        span.end = span.start;
      }
      this.writeValue(first, vk, span);
      first = false;
    }
  }

  private writeValue(first: boolean, vk: KeyValueCell, span: ValueSpan): void {
    const { sink } = this;
    sink.reserve((vk.nameEnd - vk.nameStart) * 6 + (span.end - span.start) * 3 + VALUE_OVERHEAD);
    const out = sink.buf;
    let pos = put(out, sink.pos, first ? FIRST_VALUE : NEXT_VALUE);
    pos = nameJson(this.hive.ctx.r.buf, vk.nameStart, vk.nameEnd, vk.nameCompressed, out, pos);
    // Bounds-checked first: an out-of-range index (codes like 0xFFFF0010) deoptimises the lookup.
    pos = put(out, pos, vk.typeCode < TYPE_DATA.length ? TYPE_DATA[vk.typeCode]! : UNKNOWN_TYPE_DATA);
    pos = dataJson(vk.typeCode, span, out, pos);
    out[pos] = 0x7d;
    sink.pos = pos + 1;
  }
}
