import { mulberry32 } from '@quarry/testkit';
import { describe, expect, it } from 'vitest';
import { formatUtc } from '../../src/record-store/time-format.js';

/** The cell form built straight from Date's own ISO text. */
const fromIso = (ms: number): string => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
};

describe('formatUtc', () => {
  it('matches the ISO text of every time, neighbours in the same second included', () => {
    const rnd = mulberry32(7);
    const times = [
      0,
      1,
      999,
      1000,
      1001,
      1.5,
      999.9,
      -1,
      -0.5,
      -1000.5,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      -62135596800000,
      8.64e15,
    ];
    for (let i = 0; i < 20_000; i++) times.push(rnd() * 2e12, Math.floor(rnd() * 2e12), 1646944761000 + (i % 3000));
    for (const t of times) expect(formatUtc(t), String(t)).toBe(fromIso(t));
  });

  it('is empty without a time', () => {
    expect(formatUtc(null)).toBe('');
    expect(formatUtc(NaN)).toBe('');
  });
});
