/**
 * JSON string contents written straight from hive bytes into an output buffer, byte-identical to
 * what JSON.stringify gives for the decoded string (then UTF-8 encoded). The CLI uses these so that
 * no string is created per name or value (long hex aside, see hexJson). Callers reserve room: at most 6
 * output bytes per input byte.
 */

const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** JSON.stringify's two-character escapes for control characters; 0 where it uses \u00XX. */
const SHORT_ESCAPE = new Uint8Array(32);
SHORT_ESCAPE[0x08] = 0x62; // b
SHORT_ESCAPE[0x09] = 0x74; // t
SHORT_ESCAPE[0x0a] = 0x6e; // n
SHORT_ESCAPE[0x0c] = 0x66; // f
SHORT_ESCAPE[0x0d] = 0x72; // r
/** 1 for the ASCII characters JSON.stringify escapes: controls, quote, backslash. */
const ESCAPED = new Uint8Array(128);
for (let c = 0; c < 0x20; c++) ESCAPED[c] = 1;
ESCAPED[0x22] = 1;
ESCAPED[0x5c] = 1;

/** \uXXXX with lower-case hex, as JSON.stringify writes controls and lone surrogates. */
function unicodeEscape(unit: number, out: Buffer, pos: number): number {
  out[pos] = 0x5c;
  out[pos + 1] = 0x75;
  out[pos + 2] = HEX[unit >> 12]!;
  out[pos + 3] = HEX[(unit >> 8) & 15]!;
  out[pos + 4] = HEX[(unit >> 4) & 15]!;
  out[pos + 5] = HEX[unit & 15]!;
  return pos + 6;
}

function escapeAscii(c: number, out: Buffer, pos: number): number {
  if (c === 0x22 || c === 0x5c) {
    out[pos] = 0x5c;
    out[pos + 1] = c;
    return pos + 2;
  }
  const short = SHORT_ESCAPE[c]!;
  if (short === 0) return unicodeEscape(c, out, pos);
  out[pos] = 0x5c;
  out[pos + 1] = short;
  return pos + 2;
}

/** Latin-1 bytes (compressed names) as escaped UTF-8. */
export function latin1Json(src: Buffer, start: number, end: number, out: Buffer, pos: number): number {
  for (let i = start; i < end; i++) {
    const c = src[i]!;
    if (c >= 0x80) {
      out[pos++] = 0xc0 | (c >> 6);
      out[pos++] = 0x80 | (c & 0x3f);
    } else if (ESCAPED[c] === 1) pos = escapeAscii(c, out, pos);
    else out[pos++] = c;
  }
  return pos;
}

/** UTF-16LE code units in [start, end) (an even length) as escaped UTF-8; lone surrogates become \udxxx. */
export function utf16Json(src: Buffer, start: number, end: number, out: Buffer, pos: number): number {
  for (let i = start; i < end; i += 2) {
    const c = src[i]! | (src[i + 1]! << 8);
    if (c < 0x80) {
      if (ESCAPED[c] === 1) pos = escapeAscii(c, out, pos);
      else out[pos++] = c;
    } else if (c < 0x800) {
      out[pos++] = 0xc0 | (c >> 6);
      out[pos++] = 0x80 | (c & 0x3f);
    } else if ((c & 0xf800) !== 0xd800) {
      out[pos++] = 0xe0 | (c >> 12);
      out[pos++] = 0x80 | ((c >> 6) & 0x3f);
      out[pos++] = 0x80 | (c & 0x3f);
    } else {
      const next = i + 3 < end ? src[i + 2]! | (src[i + 3]! << 8) : 0;
      if (c < 0xdc00 && (next & 0xfc00) === 0xdc00) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        out[pos++] = 0xf0 | (cp >> 18);
        out[pos++] = 0x80 | ((cp >> 12) & 0x3f);
        out[pos++] = 0x80 | ((cp >> 6) & 0x3f);
        out[pos++] = 0x80 | (cp & 0x3f);
        i += 2;
      } else pos = unicodeEscape(c, out, pos);
    }
  }
  return pos;
}

/** Position of the first UTF-16 NUL in [start, end) (an even length), or end. */
export function utf16NulAt(src: Buffer, start: number, end: number): number {
  for (let i = start; i < end; i += 2) if (src[i] === 0 && src[i + 1] === 0) return i;
  return end;
}

/** Above this many bytes, native hex encoding beats the loop even counting the string it makes. */
const NATIVE_HEX_MIN = 64;

/** Bytes as lower-case hex (two output bytes per input byte). */
export function hexJson(src: Buffer, start: number, end: number, out: Buffer, pos: number): number {
  if (end - start >= NATIVE_HEX_MIN) return pos + out.write(src.toString('hex', start, end), pos, 'latin1');
  for (let i = start; i < end; i++) {
    const b = src[i]!;
    out[pos++] = HEX[b >> 4]!;
    out[pos++] = HEX[b & 15]!;
  }
  return pos;
}
