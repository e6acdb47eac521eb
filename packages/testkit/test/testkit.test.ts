import { afterEach, expect, test, vi } from 'vitest';
import { findTool, mulberry32, toolGate } from '../src/index.js';

afterEach(() => vi.unstubAllEnvs());

test('mulberry32 replays the same sequence from a seed and differs between seeds', () => {
  const a = mulberry32(7);
  const b = mulberry32(7);
  const first = Array.from({ length: 5 }, () => a());
  expect(Array.from({ length: 5 }, () => b())).toEqual(first);
  expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  expect(mulberry32(8)()).not.toBe(first[0]);
});

test('findTool finds programs on PATH only', () => {
  expect(findTool('node')).toMatch(/node$/);
  expect(findTool('quarry-no-such-tool')).toBeUndefined();
});

test('a missing reference tool skips locally and fails under CI', () => {
  vi.stubEnv('CI', '');
  expect(toolGate('quarry-no-such-tool')).toEqual({ skip: true, reason: 'quarry-no-such-tool not installed; comparison skipped' });
  vi.stubEnv('CI', '1');
  expect(() => toolGate('quarry-no-such-tool')).toThrow(/required in CI/);
  expect(toolGate('node').skip).toBe(false);
});
