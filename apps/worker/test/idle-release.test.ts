import { expect, test } from 'vitest';
import { IdleRelease } from '../src/idle-release.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('collects once after the last running job ends and the worker stays idle', async () => {
  let collections = 0;
  const idle = new IdleRelease(() => collections++, 50);
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
  const idle = new IdleRelease(() => collections++, 50);
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

test('without an exposed gc nothing is scheduled', async () => {
  const idle = new IdleRelease(undefined, 1);
  await expect(idle.around(async () => 7)).resolves.toBe(7);
});
