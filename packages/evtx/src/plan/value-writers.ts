import { T } from '../binxml/value-types.js';
import { filetimeFields, systemtimeFields, type TimeFields } from '../binxml/time.js';
import type { OutBuffer } from './out-buffer.js';
import { jsonUtf16, xmlAttrUtf16, xmlTextUtf16 } from './utf16-writers.js';
import { ansi, scalar } from '../binxml/value.js';
import { u16le, u32le } from '../binxml/le.js';
import { jsonString } from './escape.js';
import { escapeAttr, escapeText } from '../render/xml.js';

/** Writes the value at `src[p, p+len)` as output bytes; false: render the record the generic way. */
export type ValueWriter = (src: Buffer, p: number, len: number, out: OutBuffer) => boolean;

/** Where a value lands, which decides its escaping. */
export type Context = 'json' | 'xml-text' | 'xml-attr';

/** Two ASCII hex digits per byte value, lower and upper case. */
const HEX_LOWER = pairs((b) => b.toString(16).padStart(2, '0'));
const HEX_UPPER = pairs((b) => b.toString(16).padStart(2, '0').toUpperCase());
/** Two ASCII decimal digits per value below 100. */
const DEC = pairs((n) => String(n % 100).padStart(2, '0'));

function pairs(text: (n: number) => string): Uint8Array {
  const t = new Uint8Array(512);
  for (let n = 0; n < 256; n++) {
    const s = text(n);
    t[2 * n] = s.charCodeAt(0);
    t[2 * n + 1] = s.charCodeAt(1);
  }
  return t;
}

/** Decimal digits of a non-negative integer below 2^53. */
function digits(out: OutBuffer, n: number): void {
  out.ensure(16);
  const buf = out.buf;
  if (n < 10) {
    buf[out.pos++] = 0x30 + n;
    return;
  }
  let len = 2;
  for (let m = n; m >= 100; m = Math.floor(m / 10)) len++;
  let i = out.pos + len;
  out.pos = i;
  while (n >= 100) {
    const q = Math.floor(n / 100);
    const r = 2 * (n - q * 100);
    buf[--i] = DEC[r + 1]!;
    buf[--i] = DEC[r]!;
    n = q;
  }
  if (n >= 10) {
    buf[i - 1] = DEC[2 * n + 1]!;
    buf[i - 2] = DEC[2 * n]!;
  } else {
    buf[i - 1] = 0x30 + n;
  }
}

/** Lower-case hex digits of a u32 without leading zeros (`width` pads with zeros). */
function hex32(out: OutBuffer, n: number, width: number): void {
  let len = 1;
  while (len < 8 && n >>> (len * 4) !== 0) len++;
  if (len < width) len = width;
  out.ensure(len);
  const buf = out.buf;
  for (let i = len - 1; i >= 0; i--) buf[out.pos++] = HEX_LOWER[2 * ((n >>> (i * 4)) & 15) + 1]!;
}

/** Two digits of `n` (below 100) at `pos`. */
function two(buf: Uint8Array, pos: number, n: number): void {
  buf[pos] = DEC[2 * n]!;
  buf[pos + 1] = DEC[2 * n + 1]!;
}

const fields: TimeFields = new Int32Array(7);

/** `YYYY-MM-DDTHH:MM:SS.fffffffZ` from time fields. */
function stamp(out: OutBuffer, f: TimeFields): void {
  out.ensure(28);
  const buf = out.buf;
  const p = out.pos;
  const y = f[0]!;
  two(buf, p, Math.floor(y / 100));
  two(buf, p + 2, y % 100);
  buf[p + 4] = 0x2d;
  two(buf, p + 5, f[1]!);
  buf[p + 7] = 0x2d;
  two(buf, p + 8, f[2]!);
  buf[p + 10] = 0x54;
  two(buf, p + 11, f[3]!);
  buf[p + 13] = 0x3a;
  two(buf, p + 14, f[4]!);
  buf[p + 16] = 0x3a;
  two(buf, p + 17, f[5]!);
  buf[p + 19] = 0x2e;
  const t = f[6]!;
  const hi = Math.floor(t / 100_000);
  const mid = Math.floor(t / 1000) % 100;
  const lo = Math.floor(t / 10) % 100;
  two(buf, p + 20, hi);
  two(buf, p + 22, mid);
  two(buf, p + 24, lo);
  buf[p + 26] = 0x30 + (t % 10);
  buf[p + 27] = 0x5a;
  out.pos = p + 28;
}

function hexByte(buf: Uint8Array, pos: number, b: number, table: Uint8Array): void {
  buf[pos] = table[2 * b]!;
  buf[pos + 1] = table[2 * b + 1]!;
}

/** Writers for the common kinds, equal to writing valueText(kind)'s string. */
const fast: Partial<Record<number, ValueWriter>> = {
  [T.UINT8]: (src, p, _len, out) => (digits(out, src[p]!), true),
  [T.UINT16]: (src, p, _len, out) => (digits(out, u16le(src, p)), true),
  [T.UINT32]: (src, p, _len, out) => (digits(out, u32le(src, p)), true),
  [T.UINT64]: (src, p, _len, out) => {
    const hi = u32le(src, p + 4);
    // Exact as a double below 2^53; beyond, as the generic text does it (BigInt).
    if (hi < 0x200000) digits(out, hi * 0x100000000 + u32le(src, p));
    else out.ascii(String(scalar(src, T.UINT64, p, 8)));
    return true;
  },
  [T.HEX32]: (src, p, _len, out) => {
    out.ascii('0x');
    hex32(out, u32le(src, p), 1);
    return true;
  },
  [T.HEX64]: (src, p, _len, out) => {
    const lo = u32le(src, p);
    const hi = u32le(src, p + 4);
    out.ascii('0x');
    if (hi === 0) {
      hex32(out, lo, 1);
    } else {
      hex32(out, hi, 1);
      hex32(out, lo, 8);
    }
    return true;
  },
  [T.GUID]: (src, p, _len, out) => {
    out.ensure(38);
    const buf = out.buf;
    const o = out.pos;
    buf[o] = 0x7b;
    hexByte(buf, o + 1, src[p + 3]!, HEX_LOWER);
    hexByte(buf, o + 3, src[p + 2]!, HEX_LOWER);
    hexByte(buf, o + 5, src[p + 1]!, HEX_LOWER);
    hexByte(buf, o + 7, src[p]!, HEX_LOWER);
    buf[o + 9] = 0x2d;
    hexByte(buf, o + 10, src[p + 5]!, HEX_LOWER);
    hexByte(buf, o + 12, src[p + 4]!, HEX_LOWER);
    buf[o + 14] = 0x2d;
    hexByte(buf, o + 15, src[p + 7]!, HEX_LOWER);
    hexByte(buf, o + 17, src[p + 6]!, HEX_LOWER);
    buf[o + 19] = 0x2d;
    hexByte(buf, o + 20, src[p + 8]!, HEX_LOWER);
    hexByte(buf, o + 22, src[p + 9]!, HEX_LOWER);
    buf[o + 24] = 0x2d;
    for (let i = 0; i < 6; i++) hexByte(buf, o + 25 + 2 * i, src[p + 10 + i]!, HEX_LOWER);
    buf[o + 37] = 0x7d;
    out.pos = o + 38;
    return true;
  },
  [T.FILETIME]: (src, p, _len, out) => {
    filetimeFields(u32le(src, p), u32le(src, p + 4), fields);
    stamp(out, fields);
    return true;
  },
  [T.SYSTIME]: (src, p, _len, out) => {
    systemtimeFields(src, p, fields);
    stamp(out, fields);
    return true;
  },
  [T.BINARY]: (src, p, len, out) => {
    out.ensure(len * 2);
    const buf = out.buf;
    for (let i = 0; i < len; i++) hexByte(buf, out.pos + i * 2, src[p + i]!, HEX_UPPER);
    out.pos += len * 2;
    return true;
  },
  [T.SID]: (src, p, len, out) => {
    if (len < 8) {
      out.ascii('S-?');
      return true;
    }
    const count = src[p + 1]!;
    out.ascii('S-');
    digits(out, src[p]!);
    out.byte(0x2d);
    digits(out, src.readUIntBE(p + 2, 6));
    for (let i = 0; i < count && 8 + i * 4 + 4 <= len; i++) {
      out.byte(0x2d);
      digits(out, src.readUInt32LE(p + 8 + i * 4));
    }
    return true;
  },
};

/** The writer for values of a non-empty `kind` landing in `context`. */
export function valueWriter(kind: number, context: Context): ValueWriter {
  if (kind === T.STRING) return context === 'json' ? jsonUtf16 : context === 'xml-attr' ? xmlAttrUtf16 : xmlTextUtf16;
  const f = fast[kind];
  if (f) return f;
  if (kind !== T.ANSI) {
    // The other numbers, reals and booleans: ASCII that needs no escaping anywhere.
    return (src, p, len, out) => (out.ascii(String(scalar(src, kind, p, len))), true);
  }
  const escape = context === 'json' ? jsonString : context === 'xml-attr' ? escapeAttr : escapeText;
  return (src, p, len, out) => {
    const s = escape(ansi(src, p, p + len));
    if (s === undefined) return false;
    out.string(s);
    return true;
  };
}
