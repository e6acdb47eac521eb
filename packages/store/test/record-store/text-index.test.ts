import { describe, expect, it } from 'vitest';
import { indexCanNarrow, isTimeText } from '../../src/record-store/text-index.js';
import { formatUtc } from '../../src/record-store/time-format.js';

describe('what the trigram index leaves out', () => {
  const cell = formatUtc(Date.UTC(2021, 2, 4, 12, 34, 56, 789)).toLowerCase();

  const times = [cell, formatUtc(0).toLowerCase(), '2022-03-10 20:39:21.538', '2022-03-10t20:39:21.5380000z', '2022-03-10 20:39:21'];

  it('leaves out times and nothing else', () => {
    expect(cell).toBe('2021-03-04 12:34:56.789 utc');
    for (const t of times) expect(isTimeText(t)).toBe(true);
    for (const part of ['2021-03-04', '20:39:21.538', '4624', 'c:\\windows\\system32', `${cell} `, `x${cell.slice(1)}`, '2021-03-04 12:34:56.789 utc, 2021-03-04 12:34:56.789 utc']) expect(isTimeText(part)).toBe(false);
  });

  it('does not narrow by a needle that could lie inside a time', () => {
    for (const t of times) {
      for (let i = 0; i < t.length; i++) {
        for (let j = i + 1; j <= t.length; j++) {
          expect(indexCanNarrow(t.slice(i, j))).toBe(false);
          expect(indexCanNarrow(`\n${t.slice(i, j)}\n`)).toBe(false);
        }
      }
    }
  });

  it('narrows by a needle with any other character', () => {
    for (const needle of ['logon', '2021-03-04 12:34:56.789 utc x', '\nsystem\n', 's-1-5-18', '0x6']) expect(indexCanNarrow(needle)).toBe(true);
  });
});
