import { T, fixedSize } from './value-types.js';
import { formatFiletime, formatSystemtime } from './time.js';

/**
 * A decoded typed value. `v` holds: number (ints up to 2^53, floats), bigint (wider 64-bit ints),
 * boolean, string (strings, hex, GUID, SID, times, binary as hex), or an array of those.
 * Strings that are plain text are not Values: they become text nodes.
 */
export class Val {
  constructor(
    readonly t: number,
    readonly v: number | bigint | boolean | string | null | readonly (number | bigint | boolean | string)[],
  ) {}
}

export const NULL_VAL = new Val(T.NULL, null);

const ansiDecoder = new TextDecoder('windows-1252');

function hexText(n: number | bigint): string {
  return '0x' + n.toString(16);
}

function u64(buf: Buffer, p: number): number | bigint {
  const lo = buf.readUInt32LE(p);
  const hi = buf.readUInt32LE(p + 4);
  if (hi < 0x200000) return hi * 0x100000000 + lo;
  return (BigInt(hi) << 32n) | BigInt(lo);
}

function i64(buf: Buffer, p: number): number | bigint {
  const hi = buf.readInt32LE(p + 4);
  if (hi >= -0x200000 && hi < 0x200000) return hi * 0x100000000 + buf.readUInt32LE(p);
  return buf.readBigInt64LE(p);
}

const HEX_LOWER: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function binaryHex(buf: Buffer, p: number, len: number): string {
  return buf.toString('hex', p, p + len).toUpperCase();
}

/** A GUID as Windows renders it: `{d1-d2-d3-d4[0..2]-d4[2..8]}` in lower case. */
export function guidText(buf: Buffer, p: number): string {
  const h = (i: number): string => HEX_LOWER[buf[p + i]!]!;
  return `{${h(3)}${h(2)}${h(1)}${h(0)}-${h(5)}${h(4)}-${h(7)}${h(6)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}}`;
}

/** A SID in `S-R-A-S1-..-Sn` form; `S-?` when too short for its header. */
export function sidText(buf: Buffer, p: number, len: number): string {
  if (len < 8) return 'S-?';
  const count = buf[p + 1]!;
  const authority = buf.readUIntBE(p + 2, 6);
  let s = `S-${buf[p]!}-${authority}`;
  for (let i = 0; i < count && 8 + i * 4 + 4 <= len; i++) s += '-' + buf.readUInt32LE(p + 8 + i * 4);
  return s;
}

/** SID byte length as stored: 8 + 4 per sub-authority. */
export function sidSize(buf: Buffer, p: number, end: number): number {
  return p + 2 <= end ? 8 + 4 * buf[p + 1]! : 0;
}

/** Shortest decimal that reads back to the same float32. */
function real32Text(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  for (let d = 1; d <= 9; d++) {
    const s = x.toPrecision(d);
    if (Math.fround(Number(s)) === x) return floatText(Number(s));
  }
  return floatText(x);
}

/** Renders like Rust's shortest float formatting: integral values keep a `.0`. */
function floatText(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : x < 0 ? '-inf' : 'NaN';
  const s = String(x);
  if (/^-?\d+$/.test(s)) return s + '.0';
  return s;
}

/** Decodes one scalar of base type `t` at `p`; `len` is its byte length (for variable types). */
export function scalar(buf: Buffer, t: number, p: number, len: number): number | bigint | boolean | string {
  switch (t) {
    case T.INT8:
      return buf.readInt8(p);
    case T.UINT8:
      return buf[p]!;
    case T.INT16:
      return buf.readInt16LE(p);
    case T.UINT16:
      return buf.readUInt16LE(p);
    case T.INT32:
      return buf.readInt32LE(p);
    case T.UINT32:
      return buf.readUInt32LE(p);
    case T.INT64:
      return i64(buf, p);
    case T.UINT64:
      return u64(buf, p);
    case T.REAL32:
      return real32Text(buf.readFloatLE(p));
    case T.REAL64:
      return floatText(buf.readDoubleLE(p));
    case T.BOOL: {
      const b = buf.readInt32LE(p);
      return b === 0 ? false : b === 1 ? true : b;
    }
    case T.GUID:
      return guidText(buf, p);
    case T.FILETIME:
      return formatFiletime(buf.readUInt32LE(p), buf.readUInt32LE(p + 4));
    case T.SYSTIME:
      return formatSystemtime(buf, p);
    case T.HEX32:
      return hexText(buf.readUInt32LE(p));
    case T.HEX64:
      return hexText(u64(buf, p));
    case T.SID:
      return sidText(buf, p, len);
    default:
      return binaryHex(buf, p, len);
  }
}

type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };

/** `s` with unpaired surrogates replaced by U+FFFD. */
export function wellFormed(s: string): string {
  return (s as unknown as WellFormed).isWellFormed() ? s : (s as unknown as WellFormed).toWellFormed();
}

/** UTF-16LE text as stored; unpaired surrogates are kept (JSON turns them to U+FFFD, XML to `_`). */
export function utf16Text(buf: Buffer, start: number, end: number): string {
  return buf.toString('utf16le', start, end);
}

/** Decodes UTF-16LE text, cut at the first NUL as Windows does for sized strings. */
export function utf16(buf: Buffer, start: number, end: number): string {
  let s = utf16Text(buf, start, end);
  const nul = s.indexOf('\0');
  if (nul >= 0) s = s.slice(0, nul);
  return s;
}

export function ansi(buf: Buffer, start: number, end: number): string {
  let e = start;
  while (e < end && buf[e] !== 0) e++;
  return ansiDecoder.decode(buf.subarray(start, e));
}

/**
 * Decodes a substitution value of `type` stored in `buf[p, p+len)`. Returns a string for text
 * (to become a text node) or a Val; BinXml (0x21) is handled by the caller.
 */
export function decodeValue(buf: Buffer, type: number, p: number, len: number): Val | string {
  const end = p + len;
  switch (type) {
    case T.NULL:
      return NULL_VAL;
    case T.STRING:
      return utf16(buf, p, p + (len & ~1));
    case T.ANSI:
      return ansi(buf, p, end);
    case T.BINARY:
      return new Val(type, binaryHex(buf, p, len));
    case T.SID:
      return new Val(type, sidText(buf, p, len));
    case T.SIZE_T:
      if (len === 4) return new Val(T.HEX32, hexText(buf.readUInt32LE(p)));
      if (len === 8) return new Val(T.HEX64, hexText(u64(buf, p)));
      return new Val(T.BINARY, binaryHex(buf, p, len));
    case T.STRING | T.ARRAY: {
      const items: string[] = [];
      let s = p;
      for (let i = p; i + 1 < end; i += 2) {
        if (buf[i] === 0 && buf[i + 1] === 0) {
          items.push(utf16Text(buf, s, i));
          s = i + 2;
        }
      }
      if (s + 1 < end) items.push(utf16Text(buf, s, s + ((end - s) & ~1)));
      return new Val(type, items);
    }
    case T.ANSI | T.ARRAY: {
      const items: string[] = [];
      let e = end;
      if (e > p && buf[e - 1] === 0) e--;
      if (e > p || len > 0) {
        let s = p;
        for (let i = p; i <= e; i++) {
          if (i === e || buf[i] === 0) {
            items.push(ansiDecoder.decode(buf.subarray(s, i)));
            s = i + 1;
          }
        }
      }
      return new Val(type, len === 0 ? [] : items);
    }
    case T.SID | T.ARRAY: {
      const items: string[] = [];
      let q = p;
      while (q + 8 <= end) {
        const n = sidSize(buf, q, end);
        items.push(sidText(buf, q, Math.min(n, end - q)));
        q += n;
      }
      return new Val(type, items);
    }
  }
  if (type & T.ARRAY) {
    const base = type & 0x7f;
    const w = base === T.SIZE_T ? 8 : fixedSize(base);
    if (w === 0) return new Val(T.BINARY, binaryHex(buf, p, len));
    const items: (number | bigint | boolean | string)[] = [];
    const rt = base === T.SIZE_T ? T.HEX64 : base;
    for (let q = p; q + w <= end; q += w) items.push(scalar(buf, rt, q, w));
    return new Val(type, items);
  }
  const w = fixedSize(type);
  if (w !== 0 && len < w) return new Val(T.BINARY, binaryHex(buf, p, len));
  if (w === 0 && type !== T.SID) return new Val(T.BINARY, binaryHex(buf, p, len));
  return new Val(type, scalar(buf, type, p, len));
}

/** True for the values that evtx_dump writes as bare JSON numbers / booleans. */
export function isBare(val: Val): boolean {
  return (val.t >= T.INT8 && val.t <= T.UINT64) || val.t === T.BOOL;
}

/** "Empty" in the sense of optional substitutions: NULL, empty strings, binary or arrays. */
export function isEmptyVal(val: Val): boolean {
  const v = val.v;
  if (v === null) return true;
  if (val.t === T.BINARY && v === '') return true;
  return Array.isArray(v) && v.length === 0;
}

/** Text of a value as XML/JSON string content: arrays comma-joined. */
export function valText(val: Val): string {
  const v = val.v;
  if (v === null) return '';
  if (Array.isArray(v)) return v.join(',');
  return String(v);
}

/** Number of items of an array value that expands into repeated elements, else 0. */
export function arrayLength(val: Val): number {
  return val.t & T.ARRAY && Array.isArray(val.v) ? val.v.length : 0;
}

/** The `i`th item of an array value as a node: text for strings ('' = omitted), else a Val. */
export function arrayItem(val: Val, i: number): Val | string {
  const item = (val.v as readonly (number | bigint | boolean | string)[])[i]!;
  const base = val.t & 0x7f;
  if (base === T.STRING || base === T.ANSI) return item as string;
  return new Val(base === T.SIZE_T ? T.HEX64 : base, item);
}
