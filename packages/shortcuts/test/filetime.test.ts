import { expect, test } from 'vitest';
import { dosDateTimeToIso } from '../src/dos-datetime.js';
import { filetimeToIso, plausibleFiletime } from '../src/filetime.js';

test('FILETIME to ISO 8601 UTC with 100-ns digits', () => {
  // lnkinfo prints 0x01CC7FAB9C9DF45B (offset 0x1C of Win10/30.lnk.test) as "Sep 30, 2011 20:00:33.063433100 UTC".
  expect(filetimeToIso(0x01cc7fab9c9df45bn)).toBe('2011-09-30T20:00:33.0634331Z');
  expect(filetimeToIso(116444736000000001n)).toBe('1970-01-01T00:00:00.0000001Z');
  expect(filetimeToIso(0n)).toBeNull();
  // 2^64 - 1 = 1844674407370955 ms + 1615 ticks after 1601; minus 11644473600000 ms to 1970 is
  // 1833029933770955 ms, which Date prints as +060056-05-28T05:36:10.955Z; 955 ms + 1615 ticks = .9551615.
  expect(filetimeToIso(0xffffffffffffffffn)).toBe('+060056-05-28T05:36:10.9551615Z');
});

test('FILETIMEs whose low half carries into the high half convert exactly', () => {
  // Values around 2^32 multiples, where a double split of the 64 bits could lose or double a carry.
  for (const value of [0x01d90000ffffffffn, 0x01d9000100000000n, 0x01d9ffffffffffffn, 0x0000000100000000n, 0x00000000ffffffffn]) {
    const ms = Number(value / 10_000n) - 11_644_473_600_000;
    const ticks = String(value % 10_000_000n).padStart(7, '0');
    expect(filetimeToIso(value)).toBe(`${new Date(ms).toISOString().slice(0, 19)}.${ticks}Z`);
  }
});

test('plausible times lie in 1970..now+1y', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (ms: number) => BigInt(ms) * 10_000n + 116444736000000000n;
  expect(plausibleFiletime(at(0), now)).toBe(true);
  expect(plausibleFiletime(at(-1), now)).toBe(false);
  // Less than a millisecond before 1970 still counts as 1970 (milliseconds truncate toward zero).
  expect(plausibleFiletime(at(0) - 1n, now)).toBe(true);
  expect(plausibleFiletime(at(0) - 10_000n, now)).toBe(false);
  expect(plausibleFiletime(at(now + 300 * 86_400_000), now)).toBe(true);
  expect(plausibleFiletime(at(now + 400 * 86_400_000), now)).toBe(false);
});

test('DOS date/time: date 0x4038 + time 0x90C6 is 2012-01-24 18:06:12; impossible values are null', () => {
  // 0x4038: year 32 (2012), month 1, day 24; 0x90C6: hour 18, minute 6, 2-second unit 6.
  expect(dosDateTimeToIso(0x4038, 0x90c6)).toBe('2012-01-24T18:06:12');
  expect(dosDateTimeToIso(0, 0)).toBeNull();
  // Month 13, then February 30.
  expect(dosDateTimeToIso((32 << 9) | (13 << 5) | 1, 0)).toBeNull();
  expect(dosDateTimeToIso((32 << 9) | (2 << 5) | 30, 0)).toBeNull();
});
