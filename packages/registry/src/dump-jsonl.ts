import type { RegistryWarning } from './errors.js';
import { readCell } from './cell.js';
import { filetimeJson } from './filetime.js';
import { keyToJsonLine } from './format.js';
import type { Hive } from './hive.js';
import { hexJson, latin1Json, utf16Json, utf16NulAt } from './json-text.js';
import type { KeyNode } from './key-node.js';
import { parseKeyValueCell, type KeyValueCell } from './key-value.js';
import type { OutputSink } from './output-sink.js';
import { valueSpan, type ValueSpan } from './value-data.js';
import { valueOffsets } from './value-list.js';
import { VALUE_TYPE_NAMES } from './value-types.js';
import { walkNodes } from './walk.js';

const ascii = (s: string): Buffer => Buffer.from(s, 'latin1');
const LAST_WRITE = ascii('","last_write":');
const LIVE_VALUES = ascii(',"deleted":false,"values":[');
const KEY_END = ascii(']}\n');
const FIRST_VALUE = ascii('{"name":"');
const NEXT_VALUE = ascii(',{"name":"');
/** `","type":"<name>","data":` for each type code, and for unknown codes. */
const TYPE_DATA = VALUE_TYPE_NAMES.map((t) => ascii(`","type":"${t}","data":`));
const UNKNOWN_TYPE_DATA = ascii('","type":"RegUnknown","data":');
/** Room for a value's fixed text: the longest type name plus the field names and punctuation. */
const VALUE_OVERHEAD = 96;
const QUOTE = 0x22;

/** Plain loops for the short copies: Buffer#copy and Buffer#write validate their arguments on every call. */
function put(out: Buffer, pos: number, b: Buffer, length = b.length): number {
  for (let i = 0; i < length; i++) out[pos + i] = b[i]!;
  return pos + length;
}

function putAscii(out: Buffer, pos: number, s: string): number {
  for (let i = 0; i < s.length; i++) out[pos + i] = s.charCodeAt(i);
  return pos + s.length;
}

/** A 32-bit unsigned number in decimal, as String(n) gives it, without making the string. */
function putUint32(out: Buffer, pos: number, n: number): number {
  let digits = 1;
  for (let t = n; t >= 10; t = Math.floor(t / 10)) digits++;
  for (let i = pos + digits - 1; i >= pos; i--) {
    out[i] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
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
  for (let i = start; ; ) {
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
 * `quarry-reg dump` output, byte-identical to keyToJsonLine over Hive.walk, but written for live keys
 * straight from the hive bytes into the sink: no RegistryKey, value, decoded data or line string is
 * built. Deleted keys (few) go through keyToJsonLine.
 */
export class JsonlDump {
  /** The current key's path, JSON-escaped; pre-order means it always starts with the next key's parent path. */
  private path = Buffer.allocUnsafe(4096);
  private readonly keyStart: Buffer;

  constructor(
    private readonly hive: Hive,
    private readonly sink: OutputSink,
    /** The zip member name, written as a leading "hive" field. */
    private readonly hiveField?: string,
  ) {
    this.keyStart = Buffer.from(hiveField === undefined ? '{"path":"' : `{"hive":${JSON.stringify(hiveField)},"path":"`, 'utf8');
  }

  run(deleted: boolean): void {
    const { ctx } = this.hive;
    for (const _ of walkNodes(
      ctx,
      this.hive.baseBlock.rootCellOffset,
      this.hive.warnings,
      (parent: number | null, nk) => this.extendPath(parent, nk),
      (nk, pathLength, warnings) => this.writeKey(nk, pathLength, warnings),
    )) {
      // writeKey has already written the line.
    }
    if (deleted) for (const key of this.hive.recoverDeleted().keys) this.sink.text(`${keyToJsonLine(key, this.hiveField)}\n`);
  }

  /** Appends `\\` and the key's escaped name after the parent's path; returns the new path length. */
  private extendPath(parentLength: number | null, nk: KeyNode): number {
    const at = parentLength === null ? 0 : parentLength + 2;
    const room = at + (nk.nameEnd - nk.nameStart) * 6;
    if (room > this.path.length) {
      const grown = Buffer.allocUnsafe(room * 2);
      put(grown, 0, this.path, at);
      this.path = grown;
    }
    if (parentLength !== null) {
      this.path[parentLength] = 0x5c;
      this.path[parentLength + 1] = 0x5c;
    }
    return nameJson(this.hive.ctx.r.buf, nk.nameStart, nk.nameEnd, nk.nameCompressed, this.path, at);
  }

  private writeKey(nk: KeyNode, pathLength: number, warnings: RegistryWarning[]): void {
    const { sink } = this;
    sink.reserve(this.keyStart.length + pathLength + 96);
    const out = sink.buf;
    let pos = put(out, sink.pos, this.keyStart);
    pos = put(out, pos, this.path, pathLength);
    pos = put(out, pos, LAST_WRITE);
    pos = filetimeJson(nk.lastWrittenLow, nk.lastWrittenHigh, out, pos);
    sink.pos = put(out, pos, LIVE_VALUES);
    this.writeValues(nk, warnings);
    sink.bytes(KEY_END);
  }

  /** Same reads and the same fallbacks as buildKey/buildValue for a live key. */
  private writeValues(nk: KeyNode, warnings: RegistryWarning[]): void {
    const { r, minorVersion } = this.hive.ctx;
    let offsets: number[] = [];
    try {
      offsets = valueOffsets(r, nk.valuesListOffset, nk.valueCount, warnings);
    } catch {
      // As in buildKey, the key keeps no values; its own warnings are not part of the line.
    }
    let first = true;
    for (const offset of offsets) {
      let vk: KeyValueCell;
      try {
        vk = parseKeyValueCell(r, readCell(r, offset, 'vk'));
      } catch {
        continue;
      }
      let span: ValueSpan;
      try {
        span = valueSpan(r, vk, minorVersion, warnings);
      } catch {
        span = { src: r.buf, start: 0, end: 0 };
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
