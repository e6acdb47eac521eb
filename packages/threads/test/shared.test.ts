import { afterEach, describe, expect, it } from 'vitest';
import { closeThreadPool, configureThreadPool, threadPool } from '../src/index.js';

afterEach(async () => {
  await closeThreadPool();
});

describe('the process pool', () => {
  it('is sized by configureThreadPool before its first use, and keeps that size', async () => {
    configureThreadPool({ threads: 3 });
    const pool = threadPool();
    expect(pool.threads).toBe(3);
    expect(threadPool()).toBe(pool);
    // The same options again (a second activities set of the same worker) are fine; others are refused.
    expect(() => configureThreadPool({ threads: 3 })).not.toThrow();
    expect(() => configureThreadPool({ threads: 1 })).toThrow(/already running/);
    expect(pool.lease(8).threads).toBe(3);
    await closeThreadPool();
    configureThreadPool({ threads: 1 });
    expect(threadPool().threads).toBe(1);
  });
});
