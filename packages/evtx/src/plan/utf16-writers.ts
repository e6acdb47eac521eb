import type { OutBuffer } from './out-buffer.js';

// UTF-16LE values written straight from the record's bytes as escaped UTF-8, up to the first
// NUL (as `utf16` decodes them). Each returns false when the generic path must render the record.

const HEX = '0123456789abcdef';

/** Worst case bytes per code unit (JSON `\u00XX`). */
const MAX_PER_UNIT = 6;

function utf8(buf: Uint8Array, pos: number, c: number): number {
  if (c < 0x800) {
    buf[pos++] = 0xc0 | (c >> 6);
  } else {
    buf[pos++] = 0xe0 | (c >> 12);
    buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
  }
  buf[pos++] = 0x80 | (c & 0x3f);
  return pos;
}

function utf8Pair(buf: Uint8Array, pos: number, hi: number, lo: number): number {
  const cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
  buf[pos++] = 0xf0 | (cp >> 18);
  buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
  buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
  buf[pos++] = 0x80 | (cp & 0x3f);
  return pos;
}

/** End of the string at `p` (first NUL or the value's end, whole code units). */
function stringEnd(src: Buffer, p: number, len: number): number {
  const end = p + (len & ~1);
  for (let i = p; i < end; i += 2) if (src[i] === 0 && src[i + 1] === 0) return i;
  return end;
}

/** 1 for the ASCII characters JSON takes as they are: printable, neither quote nor backslash. */
const JSON_PLAIN = new Uint8Array(128);
for (let c = 0x20; c < 0x80; c++) JSON_PLAIN[c] = c === 0x22 || c === 0x5c ? 0 : 1;

/**
 * As JSON string content. An unpaired surrogate becomes U+FFFD; one at the value's edge could
 * pair with the text around it in the generic writer, so those records go there. One pass: the
 * NUL that ends the string is found on the way (most strings are plain ASCII, the first test).
 */
export function jsonUtf16(src: Buffer, p: number, len: number, out: OutBuffer): boolean {
  const end = p + (len & ~1);
  out.ensure((len >> 1) * MAX_PER_UNIT);
  const buf = out.buf;
  let pos = out.pos;
  for (let i = p; i < end; i += 2) {
    const lo = src[i]!;
    const hi = src[i + 1]!;
    if (hi === 0 && lo < 0x80 && JSON_PLAIN[lo] === 1) {
      buf[pos++] = lo;
      continue;
    }
    const c = lo | (hi << 8);
    if (c === 0) break;
    if (c < 0x80) {
      buf[pos++] = 0x5c;
      if (c === 0x22 || c === 0x5c) buf[pos++] = c;
      else if (c === 0x08) buf[pos++] = 0x62;
      else if (c === 0x09) buf[pos++] = 0x74;
      else if (c === 0x0a) buf[pos++] = 0x6e;
      else if (c === 0x0c) buf[pos++] = 0x66;
      else if (c === 0x0d) buf[pos++] = 0x72;
      else {
        buf[pos++] = 0x75;
        buf[pos++] = 0x30;
        buf[pos++] = 0x30;
        buf[pos++] = HEX.charCodeAt(c >> 4);
        buf[pos++] = HEX.charCodeAt(c & 15);
      }
    } else if ((c & 0xf800) !== 0xd800) {
      pos = utf8(buf, pos, c);
    } else {
      // A NUL or the value's end after a surrogate is the string's edge.
      const next = i + 3 < end ? src[i + 2]! | (src[i + 3]! << 8) : 0;
      if (c < 0xdc00 && (next & 0xfc00) === 0xdc00) {
        pos = utf8Pair(buf, pos, c, next);
        i += 2;
      } else {
        if (i === p || next === 0) return false;
        pos = utf8(buf, pos, 0xfffd);
      }
    }
  }
  out.pos = pos;
  return true;
}

/** As XML text (`attr`: attribute value): markup escaped, characters XML cannot hold as `_`. */
function xmlUtf16(src: Buffer, p: number, len: number, out: OutBuffer, attr: boolean): boolean {
  const end = stringEnd(src, p, len);
  out.ensure(((end - p) >> 1) * MAX_PER_UNIT);
  const buf = out.buf;
  let pos = out.pos;
  for (let i = p; i < end; i += 2) {
    const c = src[i]! | (src[i + 1]! << 8);
    if (c >= 0x20 && c < 0x80) {
      if (c === 0x26) pos = put(buf, pos, AMP);
      else if (c === 0x3c) pos = put(buf, pos, LT);
      else if (c === 0x3e) pos = put(buf, pos, GT);
      else if (attr && c === 0x22) pos = put(buf, pos, QUOT);
      else if (attr && c === 0x27) pos = put(buf, pos, APOS);
      else buf[pos++] = c;
    } else if (c < 0x20) {
      buf[pos++] = c === 0x09 || c === 0x0a || c === 0x0d ? c : 0x5f;
    } else if ((c & 0xf800) !== 0xd800) {
      if (c >= 0xfffe) buf[pos++] = 0x5f;
      else pos = utf8(buf, pos, c);
    } else {
      const next = i + 2 < end ? src[i + 2]! | (src[i + 3]! << 8) : -1;
      if (c < 0xdc00 && (next & 0xfc00) === 0xdc00) {
        pos = utf8Pair(buf, pos, c, next);
        i += 2;
      } else {
        buf[pos++] = 0x5f;
      }
    }
  }
  out.pos = pos;
  return true;
}

const AMP = Buffer.from('&amp;');
const LT = Buffer.from('&lt;');
const GT = Buffer.from('&gt;');
const QUOT = Buffer.from('&quot;');
const APOS = Buffer.from('&apos;');

function put(buf: Uint8Array, pos: number, b: Uint8Array): number {
  for (let i = 0; i < b.length; i++) buf[pos++] = b[i]!;
  return pos;
}

export function xmlTextUtf16(src: Buffer, p: number, len: number, out: OutBuffer): boolean {
  return xmlUtf16(src, p, len, out, false);
}

export function xmlAttrUtf16(src: Buffer, p: number, len: number, out: OutBuffer): boolean {
  return xmlUtf16(src, p, len, out, true);
}
