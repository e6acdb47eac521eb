import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { BUILTIN_SIGMA_RULES, SigmaThread } from '../../src/index.js';

const TASK = new URL('./fixtures/rule-count-task.mjs', import.meta.url).href;
// The built-in pack holds one rule a file; its "Security Event Log Cleared" reads these two fields.
const BUILTIN = readdirSync(BUILTIN_SIGMA_RULES).filter((f) => f.endsWith('.yml')).length;
const CLEARED = JSON.stringify({ EventID: 1102, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: 'Security' });

describe('the Sigma thread: one compiled set for scans, rule lines and the process task', () => {
  let thread: SigmaThread | undefined;
  afterEach(async () => thread?.close());

  test('a scan, rule lines and the task all use the set the thread compiled once', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 10_000, task: TASK });
    const scan = await thread.scan(CLEARED, undefined);
    expect(scan).toMatchObject({ kind: 'matches', records: 1, hits: [{ title: 'Security Event Log Cleared', level: 'high' }] });
    const lines = await thread.ruleLines(['Security Event Log Cleared', 'no such rule']);
    expect(lines.found['Security Event Log Cleared']?.[0]).toBe('title: Security Event Log Cleared');
    expect(lines.missing).toEqual(['no such rule']);
    expect(await thread.task({ job: 1 })).toEqual({ input: { job: 1 }, loaded: BUILTIN, compiles: 1 });
    expect(await thread.warm()).toMatchObject({ loaded: BUILTIN, refused: 0, compiles: 1 });
  });

  test('a thread given no task module says so instead of running one', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 10_000 });
    await expect(thread.task({})).rejects.toThrow(/no task module/);
  });
});
