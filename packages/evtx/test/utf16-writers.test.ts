import { describe, expect, test } from 'vitest';
import { OutBuffer } from '../src/plan/out-buffer.js';
import { jsonUtf16 } from '../src/plan/utf16-writers.js';

/** Runs jsonUtf16 over `units` placed at an odd offset (values need not be aligned); the text, or false. */
function json(units: number[], extraByte = false): string | false {
  const bytes = Buffer.alloc(3 + units.length * 2 + (extraByte ? 1 : 0));
  units.forEach((u, i) => bytes.writeUInt16LE(u, 3 + 2 * i));
  const out = new OutBuffer(Buffer.alloc(4));
  out.pos = 0;
  return jsonUtf16(bytes, 3, bytes.length - 3, out) ? out.buf.toString('utf8', 0, out.pos) : false;
}

const units = (s: string): number[] => [...s].flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]));

describe('jsonUtf16: JSON string content straight from UTF-16LE bytes', () => {
  test.each([
    ['plain ASCII', 'Security', 'Security'],
    ['escapes as JSON.stringify writes them', 'a"b\\c\n\t\r\b\f\u0001\u001f', 'a\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f'],
    ['DEL and non-ASCII as UTF-8', '\u007fé€中', '\u007fé€中'],
    ['a surrogate pair', 'x😀y', 'x😀y'],
    ['the string ends at the first NUL', 'ab\u0000cd', 'ab'],
  ])('%s', (_, input, expected) => {
    expect(json(units(input))).toBe(expected);
  });

  test('a lone surrogate inside the string becomes U+FFFD', () => {
    expect(json([0x61, 0xd800, 0x62])).toBe('a\ufffdb');
    expect(json([0x61, 0xdc00, 0x62])).toBe('a\ufffdb');
  });

  test('a lone surrogate at either edge sends the record to the generic writer', () => {
    expect(json([0xd800, 0x62])).toBe(false);
    expect(json([0x61, 0xd800])).toBe(false);
    expect(json([0x61, 0xd800, 0x0000, 0x62])).toBe(false);
  });

  test('an odd trailing byte is not a code unit; the buffer grows as needed', () => {
    expect(json(units('a'.repeat(100)), true)).toBe('a'.repeat(100));
  });
});
