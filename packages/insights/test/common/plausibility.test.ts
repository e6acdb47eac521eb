import { describe, expect, test } from 'vitest';
import {
  EARLIEST_PLAUSIBLE,
  implausible,
  implausibleCount,
  implausibleName,
  implausibleText,
  implausibleTime,
  quoteValue,
  timeBounds,
} from '../../src/common/plausibility.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const DAY = 86_400_000;

describe('plausibility guard: times', () => {
  const collected = Date.UTC(2021, 5, 1);
  const bounds = timeBounds(collected, NOW);

  test('bounds: 1980-01-01 to the collection time + 1 day; a collection time after now, before 1980 or absent falls back to now', () => {
    expect(bounds).toEqual({ floor: Date.UTC(1980, 0, 1), ceiling: collected + DAY });
    expect(timeBounds(NOW + 365 * DAY, NOW).ceiling).toBe(NOW + DAY);
    expect(timeBounds(Date.UTC(1601, 0, 1), NOW).ceiling).toBe(NOW + DAY);
    expect(timeBounds(null, NOW).ceiling).toBe(NOW + DAY);
  });

  test('the boundaries themselves are plausible, one millisecond beyond is not', () => {
    expect(implausibleTime(EARLIEST_PLAUSIBLE, bounds)).toBeNull();
    expect(implausibleTime(EARLIEST_PLAUSIBLE - 1, bounds)).toBe('time in 1979, before 1980-01-01');
    expect(implausibleTime(collected + DAY, bounds)).toBeNull();
    expect(implausibleTime(collected + DAY + 1, bounds)).toBe('time in 2021, after 2021-06-02 (the collection time + 1 day)');
  });

  test('FILETIME text (7 fraction digits), ISO and cell forms are read alike', () => {
    // FILETIME 1 (100 ns after the epoch) as the registry and prefetch parsers print it.
    expect(implausibleTime('1601-01-01T00:00:00.0000001Z', bounds)).toBe('time in 1601, before 1980-01-01');
    expect(implausibleTime('1601-01-01 00:00:00.000 UTC', bounds)).toBe('time in 1601, before 1980-01-01');
    expect(implausibleTime('2020-03-04T05:06:07.1234567Z', bounds)).toBeNull();
    expect(implausibleTime('2020-03-04 05:06:07.123 UTC', bounds)).toBeNull();
    expect(implausibleTime('30828-09-14T02:48:05.4775807Z', bounds)).not.toBeNull();
    expect(implausibleTime('no time', bounds)).toBe('not a time');
  });

  test('absence is not garbage: no time, an empty cell, FILETIME 0 decoded as null', () => {
    expect(implausibleTime(null, bounds)).toBeNull();
    expect(implausibleTime(undefined, bounds)).toBeNull();
    expect(implausibleTime('', bounds)).toBeNull();
  });
});

describe('plausibility guard: names and text', () => {
  test('a lone high or low surrogate is garbage; a pair (an emoji) is not', () => {
    expect(implausibleName('C:\\Users\\a\ud800b.exe')).toBe('unpaired surrogate U+D800 at character 10');
    expect(implausibleName('C:\\x\udc00')).toBe('unpaired surrogate U+DC00 at character 4');
    expect(implausibleName('a\ud800')).toBe('unpaired surrogate U+D800 at character 1');
    expect(implausibleName('C:\\Users\\a\ud83d\ude00.txt')).toBeNull();
  });

  test('U+FFFD, C0 (but TAB) and C1 controls and DEL are garbage in a name; ordinary Unicode is not', () => {
    expect(implausibleName('abc\ufffd')).toBe('replacement character U+FFFD at character 3');
    expect(implausibleName('a\u0000b')).toBe('control character U+0000 at character 1');
    expect(implausibleName('a\nb')).toBe('control character U+000A at character 1');
    expect(implausibleName('a\rb')).toBe('control character U+000D at character 1');
    expect(implausibleName('a\u007f')).toBe('control character U+007F at character 1');
    expect(implausibleName('a\u0085')).toBe('control character U+0085 at character 1');
    expect(implausibleName('a\u009f')).toBe('control character U+009F at character 1');
    expect(implausibleName('C:\\Program Files\\Überwachung\\日本語 ™.exe')).toBeNull();
    // Windows 10 packaged-app ShimCache entries (SYSTEM_B) are TAB-separated package identities.
    expect(implausibleName('00000009\t07e2466530840000\t000a00003fab0000\t8664\tMicrosoft.Windows.Photos\t8wekyb3d8bbwe\t')).toBeNull();
    expect(implausibleName('')).toBeNull();
    expect(implausibleName(null)).toBeNull();
  });

  test('free text may hold TAB, LF and CR, nothing else below U+0020', () => {
    expect(implausibleText('line 1\r\n\tline 2')).toBeNull();
    expect(implausibleText('bell\u0007')).toBe('control character U+0007 at character 4');
    expect(implausibleText('x\ud800')).toBe('unpaired surrogate U+D800 at character 1');
  });
});

describe('plausibility guard: counts', () => {
  test('up to the structure size is plausible; beyond it, negative or fractional is not', () => {
    expect(implausibleCount(96, 96)).toBeNull();
    expect(implausibleCount(97, 96)).toBe('count 97 exceeds the 96 the structure can hold');
    expect(implausibleCount(-1, 96)).toBe('count -1 is not a whole number');
    expect(implausibleCount(1.5, 96)).toBe('count 1.5 is not a whole number');
    expect(implausibleCount(null, 96)).toBeNull();
  });

  test('by kind', () => {
    const bounds = timeBounds(null, NOW);
    expect(implausible('count', '9', bounds, 8)).toBe('count 9 exceeds the 8 the structure can hold');
    expect(implausible('count', '', bounds, 8)).toBeNull();
    expect(implausible('time', Date.UTC(1601, 0, 1), bounds)).toBe('time in 1601, before 1980-01-01');
    expect(implausible('name', 'a\u0001', bounds)).toBe('control character U+0001 at character 1');
    expect(implausible('text', 'a\nb', bounds)).toBeNull();
  });
});

describe('quoting a rejected value in a warning', () => {
  test('controls, lone surrogates and U+FFFD are escaped, pairs kept, quotes and backslashes escaped, long values cut', () => {
    expect(quoteValue('C:\\a\u0001\ud800\ufffd"\ud83d\ude00')).toBe('"C:\\\\a\\u0001\\ud800\\ufffd\\"\ud83d\ude00"');
    expect(implausibleName(quoteValue('a\u0000\ud800'))).toBeNull();
    expect(quoteValue('x'.repeat(200))).toBe(`"${'x'.repeat(120)}…"`);
  });
});
