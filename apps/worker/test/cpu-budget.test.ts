import { expect, test } from 'vitest';
import { CpuBudget } from '../src/cpu-budget.js';

test('jobs side by side share the cores: the first takes what is free, later ones still get a thread', () => {
  const budget = new CpuBudget(2);
  const a = budget.acquire();
  expect(a.threads).toBe(2);
  const b = budget.acquire();
  expect(b.threads).toBe(1);
  expect(budget.available).toBe(0);
  a.release();
  a.release(); // releasing twice gives nothing back twice
  expect(budget.available).toBe(1);
  const c = budget.acquire(4);
  expect(c.threads).toBe(1);
  b.release();
  c.release();
  expect(budget.available).toBe(2);
  expect(budget.acquire(1).threads).toBe(1);
});
