import { expect, test } from 'vitest';
import { LinkReader } from '../src/reader.js';

// The reader builds short strings itself; the platform's decoders are the reference for what they must equal.
const utf16 = new TextDecoder('utf-16le');
const ansi = new TextDecoder('windows-1252');
const units = (...codes: number[]) => new Uint8Array(new Uint16Array(codes).buffer);

test('short UTF-16 text equals TextDecoder, surrogates and a leading BOM included', () => {
  const cases = [
    units(0x43, 0x3a, 0x5c), // "C:\"
    units(0xfeff, 0x41), // leading BOM, which the decoder drops
    units(0x41, 0xfeff), // BOM elsewhere is kept
    units(0xd83d, 0xde00), // a surrogate pair (one emoji)
    units(0x41, 0xd800, 0x42), // an unpaired high surrogate
    units(0xdc00), // an unpaired low surrogate
    units(0xe9, 0x4e2d, 0x6587), // Latin-1 and CJK
    units(...Array.from({ length: 40 }, (_, i) => 0x61 + (i % 26))), // longer than the short path
  ];
  for (const bytes of cases) {
    const r = new LinkReader(bytes);
    expect(r.utf16(0, bytes.length / 2, 'test')).toBe(utf16.decode(bytes));
    expect(r.utf16z(0, bytes.length, 'test').text).toBe(utf16.decode(bytes));
  }
});

test('short ANSI text equals the Windows-1252 TextDecoder, bytes 0x80-0xFF included', () => {
  const cases = [[0x43, 0x3a, 0x5c], [0x80, 0x9f], [0x41, 0xe9, 0x42], [0xff], Array.from({ length: 30 }, (_, i) => 0x41 + i)].map((b) => new Uint8Array(b));
  for (const bytes of cases) {
    const r = new LinkReader(bytes);
    expect(r.ansi(0, bytes.length, 'test')).toBe(ansi.decode(bytes));
    expect(r.ansiz(0, bytes.length, 'test').text).toBe(ansi.decode(bytes));
  }
});
