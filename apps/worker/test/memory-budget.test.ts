import { expect, test } from 'vitest';
import { MemoryBudget, type MemoryLease } from '../src/memory-budget.js';
import { estimateJobMemory } from '../src/memory-estimate.js';

const MiB = 2 ** 20;

/** Whether a promise has settled by the time queued callbacks have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

test('a job that does not fit beside the running ones waits until one ends, then starts', async () => {
  const budget = new MemoryBudget(1000);
  const a = await budget.acquire(600);
  const b = budget.acquire(500);
  expect(await settled(b)).toBe(false);
  expect(budget.queued).toBe(1);
  a.release();
  a.release(); // releasing twice gives nothing back twice
  const lease = await b;
  expect(lease.bytes).toBe(500);
  expect(budget.free).toBe(500);
});

test('first come, first served: a small job does not pass a large one that waits', async () => {
  const budget = new MemoryBudget(1000);
  const a = await budget.acquire(400);
  const large = budget.acquire(800);
  const small = budget.acquire(100);
  expect(await settled(large)).toBe(false);
  expect(await settled(small)).toBe(false);
  a.release();
  const l = await large;
  const s = await small;
  expect(budget.free).toBe(100);
  l.release();
  s.release();
  expect(budget.free).toBe(1000);
});

test('a job larger than the whole budget runs once it is alone, and alone', async () => {
  const budget = new MemoryBudget(1000);
  const a = await budget.acquire(300);
  const huge = budget.acquire(5000);
  expect(await settled(huge)).toBe(false);
  a.release();
  const h = await huge;
  expect(budget.free).toBe(0);
  const next = budget.acquire(1);
  expect(await settled(next)).toBe(false);
  h.release();
  (await next).release();
  expect(budget.free).toBe(1000);
});

test('a job cancelled while it waits leaves the queue, and those behind it are not held back by it', async () => {
  const budget = new MemoryBudget(1000);
  const a = await budget.acquire(500);
  const stop = new AbortController();
  const cancelled = budget.acquire(900, stop.signal);
  const behind = budget.acquire(400);
  expect(await settled(behind)).toBe(false);
  stop.abort(new Error('job deleted'));
  await expect(cancelled).rejects.toThrow('job deleted');
  const leases: MemoryLease[] = [a, await behind];
  expect(budget.queued).toBe(0);
  for (const l of leases) l.release();
  expect(budget.free).toBe(1000);
  await expect(budget.acquire(1, AbortSignal.abort(new Error('already gone')))).rejects.toThrow('already gone');
});

test('estimates grow with the input and are never below the type’s base', () => {
  const small = estimateJobMemory('winevtx', 0);
  const large = estimateJobMemory('winevtx', 250 * MiB);
  expect(small).toBeGreaterThan(0);
  expect(large).toBeGreaterThan(small + 100 * MiB);
  expect(estimateJobMemory('registry', 30 * MiB)).toBeGreaterThan(estimateJobMemory('registry', 0));
});
