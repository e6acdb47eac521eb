import { describe, expect, test } from 'vitest';
import { hexJson, latin1Json, utf16Json, utf16NulAt } from '../src/json-text.js';

/** What the byte encoders must equal: JSON.stringify of the decoded string, quotes removed, as UTF-8. */
const expected = (s: string): Buffer => Buffer.from(JSON.stringify(s).slice(1, -1), 'utf8');

function encode(fn: typeof utf16Json, src: Buffer): Buffer {
  const out = Buffer.alloc(src.length * 6);
  return out.subarray(0, fn(src, 0, src.length, out, 0));
}

/** Seeded xorshift, so a failure is reproducible. */
function prng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Units biased to the cases that matter: controls, quote, backslash, 2/3-byte UTF-8, paired and lone surrogates. */
function randomUtf16(rand: () => number, units: number): Buffer {
  const picks = [
    0x00, 0x01, 0x08, 0x09, 0x0a, 0x1f, 0x22, 0x5c, 0x41, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0x20ac, 0x2028, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffd, 0xffff,
  ];
  const buf = Buffer.alloc(units * 2);
  for (let i = 0; i < units; i++) {
    const u = rand() < 0.7 ? picks[Math.floor(rand() * picks.length)]! : Math.floor(rand() * 0x10000);
    buf.writeUInt16LE(u, i * 2);
  }
  return buf;
}

describe('JSON text from hive bytes', () => {
  test('UTF-16LE equals JSON.stringify of the decoded string (random units, surrogates at every position)', () => {
    const rand = prng(12345);
    for (let n = 0; n < 3000; n++) {
      const src = randomUtf16(rand, Math.floor(rand() * 12));
      expect(encode(utf16Json, src)).toEqual(expected(src.toString('utf16le')));
    }
  });

  test('Latin-1 equals JSON.stringify of the decoded string, for every byte value', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(encode(latin1Json, all)).toEqual(expected(all.toString('latin1')));
  });

  test('hex and NUL search', () => {
    const src = Buffer.from([0x00, 0x0f, 0xa0, 0xff]);
    expect(encode(hexJson, src).toString()).toBe('000fa0ff');
    const s = Buffer.from('ab\0c', 'utf16le');
    expect(utf16NulAt(s, 0, s.length)).toBe(4);
    expect(utf16NulAt(Buffer.from([0x00, 0x01, 0x01, 0x00]), 0, 4)).toBe(4);
  });
});
