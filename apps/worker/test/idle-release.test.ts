import { expect, test } from 'vitest';
import { IdleRelease, reduceHeap } from '../src/idle-release.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('collects once after the last running job ends and the worker stays idle', async () => {
  let collections = 0;
  const idle = new IdleRelease({ collect: async () => void collections++, delayMs: 50 });
  let finishA!: () => void;
  const a = idle.around(() => new Promise<void>((r) => (finishA = r)));
  const b = idle.around(() => sleep(10));
  await b;
  await sleep(100);
  expect(collections).toBe(0); // job a still runs
  finishA();
  await a;
  expect(collections).toBe(0); // not before the quiet time
  await sleep(100);
  expect(collections).toBe(1);
  await sleep(100);
  expect(collections).toBe(1);
});

test('a job starting within the quiet time cancels the pending collection; a failing job still schedules one', async () => {
  let collections = 0;
  const idle = new IdleRelease({ collect: async () => void collections++, delayMs: 50 });
  await idle.around(async () => undefined);
  // Started before the first job's quiet time is over, and failing after it would have been.
  const second = idle.around(async () => {
    await sleep(120);
    throw new Error('job failed');
  });
  await sleep(80);
  expect(collections).toBe(0);
  await expect(second).rejects.toThrow('job failed');
  expect(collections).toBe(0);
  await sleep(120);
  expect(collections).toBe(1);
});

test('the real collection shrinks a heap a job left full of garbage', async () => {
  // What a job leaves: many records, dead once it returns.
  (() => {
    const records: unknown[] = [];
    for (let i = 0; i < 400_000; i++) records.push({ text: `record ${i} ${'x'.repeat(40)}` });
    return records.length;
  })();
  const before = process.memoryUsage().heapTotal;
  await reduceHeap();
  expect(process.memoryUsage().heapTotal).toBeLessThan(before - 16 * 2 ** 20);
});

test('a failed collection is reported, not thrown', async () => {
  const errors: unknown[] = [];
  const idle = new IdleRelease({ delayMs: 1, collect: () => Promise.reject(new Error('no inspector')), onError: (e) => errors.push(e) });
  await idle.around(async () => undefined);
  await sleep(100);
  expect(errors).toHaveLength(1);
});

test('says when a collection is done, and not when it failed', async () => {
  const said: string[] = [];
  const ok = new IdleRelease({ collect: async () => undefined, delayMs: 10, onCollected: () => said.push('collected'), onError: () => said.push('failed') });
  await ok.around(async () => undefined);
  const failing = new IdleRelease({
    collect: () => Promise.reject(new Error('no inspector')),
    delayMs: 10,
    onCollected: () => said.push('collected'),
    onError: () => said.push('failed'),
  });
  await failing.around(async () => undefined);
  await sleep(100);
  expect(said.sort()).toEqual(['collected', 'failed']);
});
