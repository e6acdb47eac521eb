import { expect, test } from 'vitest';
import { civilFromDays } from '../src/index.js';

test('civilFromDays agrees with Date over four centuries, both sides of 1970, leap days included', () => {
  const out = new Int32Array(3);
  for (let days = -134_774; days <= 20_000; days += 37) {
    civilFromDays(days, out);
    const d = new Date(days * 86_400_000);
    expect([...out]).toEqual([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]);
  }
  civilFromDays(11_016, out); // 2000-02-29
  expect([...out]).toEqual([2000, 2, 29]);
  civilFromDays(-134_774, out); // 1601-01-01, the FILETIME epoch
  expect([...out]).toEqual([1601, 1, 1]);
});
