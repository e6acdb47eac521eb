import { describe, expect, it } from 'vitest';
import { indexCanNarrow, indexHolds } from '../../src/record-store/text-index.js';
import { formatUtc } from '../../src/record-store/time-format.js';

describe('what the trigram index leaves out', () => {
  const cell = formatUtc(Date.UTC(2021, 2, 4, 12, 34, 56, 789)).toLowerCase();
  const left = [cell, formatUtc(0).toLowerCase(), '2022-03-10 20:39:21.538', '2022-03-10t20:39:21.5380000z', '4624', '123456', '-1', '', '10.0.19041.1'];

  it('leaves out times and numbers, and nothing else', () => {
    expect(cell).toBe('2021-03-04 12:34:56.789 utc');
    for (const part of left) expect(indexHolds(part), part).toBe(false);
    for (const part of ['c:\\windows\\system32', 's-1-5-18', '0x3e7', 'system', '{e4421c3a-61f9-622a-e703-000000000300}', `${cell} x`])
      expect(indexHolds(part), part).toBe(true);
  });

  it('does not narrow by a needle that could lie inside a part it leaves out', () => {
    for (const part of left) {
      for (let i = 0; i < part.length; i++) {
        for (let j = i + 1; j <= part.length; j++) {
          expect(indexCanNarrow(part.slice(i, j))).toBe(false);
          expect(indexCanNarrow(`\n${part.slice(i, j)}\n`)).toBe(false);
        }
      }
    }
  });

  it('narrows by a needle with any other character', () => {
    for (const needle of ['logon', `${cell} x`, '\nsystem\n', 's-1-5-18', '0x6', 'e4421c3a']) expect(indexCanNarrow(needle)).toBe(true);
  });
});
