import { describe, expect, test } from 'vitest';
import { workersFor } from '../src/pool.js';

describe('workersFor: workers only where their warm-up pays', () => {
  test('small and medium files are parsed on the calling thread', () => {
    expect(workersFor(247, 2)).toBe(0); // System.evtx, 16 MiB
    expect(workersFor(799, 2)).toBe(0); // 50 MiB
    expect(workersFor(3071, 2)).toBe(0); // one worker's worth only: no pool
  });

  test('large files get one worker per 1,536 chunks, up to the thread count', () => {
    expect(workersFor(3072, 2)).toBe(2);
    expect(workersFor(6392, 2)).toBe(2); // 400 MiB
    expect(workersFor(6392, 8)).toBe(4);
    expect(workersFor(6392, 1)).toBe(0);
  });

  test('chunksPerThread lowers the threshold (tests force workers on small files with 1)', () => {
    expect(workersFor(10, 3, 1)).toBe(3);
    expect(workersFor(1, 3, 1)).toBe(0);
    expect(workersFor(10, 2, 0)).toBe(2);
  });
});
