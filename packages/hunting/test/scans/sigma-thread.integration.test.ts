import { readdirSync } from 'node:fs';
import { closeThreadPool, configureThreadPool, threadPool } from '@quarry/threads';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_SIGMA_RULES, SigmaScanTimeoutError, SigmaThread } from '../../src/index.js';

const TASK = new URL('./fixtures/rule-count-task.mjs', import.meta.url).href;
// The built-in pack holds one rule a file; its "Security Event Log Cleared" reads these two fields.
const BUILTIN = readdirSync(BUILTIN_SIGMA_RULES).filter((f) => f.endsWith('.yml')).length;
const CLEARED = JSON.stringify({ EventID: 1102, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: 'Security' });
// Nested quantifiers over 40 a's and a '!': backtracking that runs for minutes.
const RUNAWAY = `title: Runaway regex
logsource: {category: test}
detection:
  sel: {CommandLine|re: '^(a+)+$'}
  condition: sel
`;
const CPU_IDLE_MS = 100;

describe('the Sigma thread: one compiled set for scans, rule lines and the process task', () => {
  let thread: SigmaThread | undefined;
  // A pool whose CPU threads end almost at once: the set's stream thread must not go with them.
  beforeAll(() => configureThreadPool({ threads: 1, idleTimeoutMs: CPU_IDLE_MS }));
  afterEach(async () => thread?.close());
  afterAll(() => closeThreadPool());

  test('a scan, rule lines and the task all use the set the thread compiled once', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 10_000, task: TASK });
    const scan = await thread.scan(CLEARED, undefined);
    expect(scan).toMatchObject({ kind: 'matches', records: 1, hits: [{ title: 'Security Event Log Cleared', level: 'high' }] });
    const lines = await thread.ruleLines(['Security Event Log Cleared', 'no such rule']);
    expect(lines.found['Security Event Log Cleared']?.[0]).toBe('title: Security Event Log Cleared');
    expect(lines.missing).toEqual(['no such rule']);
    expect(await thread.task({ job: 1 })).toEqual({ input: { job: 1 }, loaded: BUILTIN, compiles: 1 });
    // Past the CPU lane's idle release the set is still the one compiled above.
    await new Promise((r) => setTimeout(r, CPU_IDLE_MS * 5));
    expect(await thread.warm()).toMatchObject({ loaded: BUILTIN, refused: 0, compiles: 1 });
  });

  test('a runaway scan is stopped at its limit; the next request gets a fresh thread', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 1_000, task: TASK });
    await thread.warm();
    await expect(thread.scan(JSON.stringify({ CommandLine: `${'a'.repeat(40)}!` }), RUNAWAY)).rejects.toThrow(SigmaScanTimeoutError);
    await expect(thread.scan(CLEARED, undefined)).resolves.toMatchObject({ kind: 'matches', records: 1 });
    // compiles counts per thread: 1 again means the set was compiled anew on a new one.
    expect(await thread.task({})).toMatchObject({ compiles: 1 });
  });

  test('closing ends the task and its thread', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 10_000 });
    await thread.warm();
    expect(threadPool().stats.alive).toBeGreaterThan(0);
    await thread.close();
    await expect(thread.close()).resolves.toBeUndefined();
    await expect.poll(() => threadPool().stats.alive).toBe(0);
  });

  test('a thread given no task module says so instead of running one', async () => {
    thread = new SigmaThread({ dirs: [], timeoutMs: 10_000 });
    await expect(thread.task({})).rejects.toThrow(/no task module/);
  });
});
