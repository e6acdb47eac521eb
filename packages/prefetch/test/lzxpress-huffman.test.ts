import { describe, expect, test } from 'vitest';
import { decompressLzxpressHuffman, PrefetchError } from '../src/index.js';
import { compressLzxpressHuffman } from './helpers/lzxpress-encoder.js';
import { randomBytes } from './helpers/random.js';

const hex = (s: string) =>
  Uint8Array.from(
    s
      .trim()
      .split(/\s+/)
      .map((b) => parseInt(b, 16)),
  );
const ascii = (s: string) => new TextEncoder().encode(s);

/** [MS-XCA] 3.2: "abcdefghijklmnopqrstuvwxyz" as 26 literals and the EOF symbol. */
const SPEC_EXAMPLE = (() => {
  const table = new Uint8Array(256);
  table.set(hex('50 55 55 55 55 55 55 55 55 55 55 45 44 04'), 48);
  table[128] = 0x04;
  return Uint8Array.from([...table, ...hex('d8 52 3e d7 94 11 5b e9 19 5f f9 d6 7c df 8d 04 00 00 00 00')]);
})();

function expectLzxpressError(run: () => unknown): PrefetchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PrefetchError);
    expect((error as PrefetchError).format).toBe('LZXPRESS');
    return error as PrefetchError;
  }
  throw new Error('expected a PrefetchError');
}

describe('decompressLzxpressHuffman', () => {
  test('decodes the [MS-XCA] 3.2 literal example', () => {
    expect(new TextDecoder().decode(decompressLzxpressHuffman(SPEC_EXAMPLE, 26))).toBe('abcdefghijklmnopqrstuvwxyz');
  });

  test('round-trips the [MS-XCA] 3.2 match example (abc x 100: one 297-byte match at distance 3)', () => {
    const input = ascii('abc'.repeat(100));
    const compressed = compressLzxpressHuffman(input);
    expect(compressed.length).toBeLessThan(280);
    expect(decompressLzxpressHuffman(compressed, 300)).toEqual(input);
  });

  test.each([
    ['empty', new Uint8Array(0)],
    ['one byte', ascii('x')],
    ['long run (u16 extended length)', new Uint8Array(5000).fill(7)],
    ['random, several 64 KiB blocks', randomBytes(140_000, 1)],
    ['text across blocks', ascii('the quick brown fox jumps over the lazy dog. '.repeat(4000))],
  ])('round-trips %s', (_name, input) => {
    const compressed = compressLzxpressHuffman(input);
    expect(decompressLzxpressHuffman(compressed, input.length)).toEqual(input);
  });

  test('a match longer than a block: u32 extended length, decoding runs past the 64 KiB block end', () => {
    const input = new Uint8Array(200_000).fill(1);
    const compressed = compressLzxpressHuffman(input, { singleBlock: true });
    // literal, then one 199,999-byte match: 15 in the symbol, then 255, a zero u16 and the u32.
    expect(compressed.length).toBeLessThan(256 + 16);
    expect(decompressLzxpressHuffman(compressed, input.length)).toEqual(input);
  });

  test('round-trips literal-only blocks', () => {
    const input = randomBytes(70_000, 2);
    expect(decompressLzxpressHuffman(compressLzxpressHuffman(input, { matches: false }), input.length)).toEqual(input);
  });

  test('rejects a stream shorter than its Huffman table', () => {
    const error = expectLzxpressError(() => decompressLzxpressHuffman(SPEC_EXAMPLE.subarray(0, 200), 26));
    expect(error.structure).toBe('Huffman table');
    expect(error.needed).toBe(256);
    expect(error.available).toBe(200);
  });

  test('rejects a truncated bit stream', () => {
    const input = randomBytes(4000, 3);
    const compressed = compressLzxpressHuffman(input);
    expectLzxpressError(() => decompressLzxpressHuffman(compressed.subarray(0, compressed.length - 400), input.length));
  });

  test('rejects an all-zero table and over-subscribed lengths', () => {
    expect(expectLzxpressError(() => decompressLzxpressHuffman(new Uint8Array(300), 1)).message).toMatch(/no codes/);
    expect(expectLzxpressError(() => decompressLzxpressHuffman(new Uint8Array(300).fill(0x11), 1)).message).toMatch(/over-subscribed/);
  });

  test('rejects a match that reaches before the start of the output', () => {
    // Only symbol 256+16 (length 3, one offset bit: distance 2 or 3) has a code, so the very first symbol is a bad match.
    const stream = new Uint8Array(256 + 8);
    stream[(256 + 16) >> 1] = 0x01;
    expect(expectLzxpressError(() => decompressLzxpressHuffman(stream, 10)).message).toMatch(/before start of output/);
  });

  test('rejects output sizes that are not sizes', () => {
    expectLzxpressError(() => decompressLzxpressHuffman(SPEC_EXAMPLE, -1));
    expectLzxpressError(() => decompressLzxpressHuffman(SPEC_EXAMPLE, 1.5));
  });

  test('asks for more output than the stream holds: the EOF symbol then nothing', () => {
    expectLzxpressError(() => decompressLzxpressHuffman(SPEC_EXAMPLE, 100));
  });
});
