import { expect, test } from 'vitest';
import { filetimeToIso } from '../src/index.js';

test('FILETIME to ISO 8601 UTC with 100-ns digits', () => {
  expect(filetimeToIso(130971963512812500n)).toBe('2016-01-13T22:05:51.2812500Z');
  expect(filetimeToIso(116444736000000001n)).toBe('1970-01-01T00:00:00.0000001Z');
  expect(filetimeToIso(1n)).toBe('1601-01-01T00:00:00.0000001Z');
});

test('0 is "not set"; the largest value still gives a well-formed extended-year timestamp', () => {
  expect(filetimeToIso(0n)).toBeNull();
  expect(filetimeToIso(0xffffffffffffffffn)).toMatch(/^\+060056-05-28T05:36:10\.\d{7}Z$/);
});
