import { expect, test } from 'vitest';
import { BoundedReader } from '../src/index.js';

class OutOfRange extends Error {
  constructor(
    readonly offset: number,
    readonly size: number,
    readonly available: number,
    readonly structure: string,
  ) {
    super(`${structure}: ${size} bytes at ${offset}, ${available} available`);
  }
}

class TestReader extends BoundedReader {
  protected outOfRange(offset: number, size: number, available: number, structure: string): Error {
    return new OutOfRange(offset, size, available, structure);
  }
}

const bytes = Uint8Array.from([0x01, 0x02, 0x03, 0x04, 0xfe, 0xff, 0xff, 0xff, 0x09, 0x0a]);

test('little-endian reads, including from a subarray with its own byte offset', () => {
  const r = new TestReader(bytes);
  expect(r.u8(0, 'x')).toBe(1);
  expect(r.u16(0, 'x')).toBe(0x0201);
  expect(r.u32(0, 'x')).toBe(0x04030201);
  expect(r.i32(4, 'x')).toBe(-2);
  expect(r.u64(0, 'x')).toBe(0xfffffffe04030201n);
  expect(new TestReader(bytes.subarray(8)).u16(0, 'x')).toBe(0x0a09);
});

test('a read past either end, or at a non-integer offset, throws the subclass error with what was missing', () => {
  const r = new TestReader(bytes);
  expect(() => r.u32(8, 'tail')).toThrow(expect.objectContaining({ offset: 8, size: 4, available: 2, structure: 'tail' }));
  expect(() => r.u8(-1, 'head')).toThrow(OutOfRange);
  expect(() => r.u16(Number.NaN, 'nan')).toThrow(OutOfRange);
  expect(() => r.u16(1.5, 'half')).toThrow(OutOfRange);
  expect(() => r.need(0, 11, 'all')).toThrow(expect.objectContaining({ available: 10 }));
  expect(() => r.need(10, 0, 'end')).not.toThrow();
});
