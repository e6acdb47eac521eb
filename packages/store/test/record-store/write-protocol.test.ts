import { describe, expect, it } from 'vitest';
import { packTexts, unpackTexts } from '../../src/record-store/write-protocol.js';

describe('texts posted to the writer thread', () => {
  it('come back as they went', () => {
    for (const texts of [[], [''], ['', ''], ['4624', 'SYSTEM', ''], ['two\nlines', 'x'], ['a', 'b\n']]) expect(unpackTexts(packTexts(texts))).toEqual(texts);
  });

  it('are one string unless a text holds a newline', () => {
    expect(packTexts(['a', 'b'])).toBe('a\nb');
    expect(packTexts(['a', 'b\nc'])).toEqual(['a', 'b\nc']);
  });

  it('lowercase whole as they do one by one (the writer lowercases the joined string)', () => {
    const texts = ['ΟΔΟΣ', 'Σ', 'İstanbul', 'ΣΑΣ', 'straße', 'ǅ', 'Ꭰ', 'MICROSOFT-WINDOWS'];
    expect((packTexts(texts) as string).toLowerCase().split('\n')).toEqual(texts.map((t) => t.toLowerCase()));
  });
});
