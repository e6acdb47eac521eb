import { afterAll, describe, expect, test } from 'vitest';
import { checkRule, customRule, ScanPool, YaraError } from '../src/index.js';

const SLOW = `rule slow {
  condition:
    for any i in (0..filesize) : ( for any j in (0..filesize) : ( uint8(i) + uint8(j) == 0x1FF ) )
}`;

describe('scan pool', () => {
  const pool = new ScanPool({ size: 1, timeoutMs: 1500, maxMatchesPerPattern: 5, windowBytes: 4096, overlapBytes: 64, wholeFileMaxBytes: 4096 });
  afterAll(() => pool.close());

  test('a timeout kills a pathological rule, the event loop stays free meanwhile, and the pool recovers', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = performance.now();
    const err = await pool.scanBuffer(customRule(SLOW), Buffer.alloc(1 << 20)).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(err).toBeInstanceOf(YaraError);
    expect((err as YaraError).code).toBe('timeout');
    expect(elapsed).toBeLessThan(10_000);
    // ~30 ticks in 1.5 s if the loop was free; a blocked loop would show none.
    expect(ticks).toBeGreaterThan(10);
    const ok = await pool.scanBuffer(customRule('rule again { strings: $a = "again" condition: $a }'), Buffer.from('once again'));
    expect(ok.matches.map((m) => m.rule)).toEqual(['again']);
  });

  test('a worker that dies mid-scan fails that scan with a worker error, and the next scan gets a fresh worker', async () => {
    const pending = pool.scanBuffer(customRule(SLOW), Buffer.alloc(1 << 20), { timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 300));
    const pid = pool.workerStats()[0]!.pid;
    process.kill(pid, 'SIGKILL');
    const err = await pending.catch((e: unknown) => e);
    expect((err as YaraError).code).toBe('worker');
    const ok = await pool.scanBuffer(customRule('rule fresh { strings: $a = "fresh" condition: $a }'), Buffer.from('fresh'));
    expect(ok.matches).toHaveLength(1);
    expect(pool.workerStats()[0]!.pid).not.toBe(pid);
  });

  test('caps matches per pattern', async () => {
    const o = await pool.scanBuffer(customRule('rule many { strings: $a = "ab" condition: $a }'), Buffer.from('ab'.repeat(100)));
    expect(o.matches[0]!.strings.length).toBe(5);
    expect(o.matches[0]!.strings.map((s) => s.offset)).toEqual([0, 2, 4, 6, 8]);
  });

  test('custom rules: compiler errors with positions, warnings kept apart', async () => {
    const bad = await pool.compileRule('rule x {\n  strings:\n    $a = "abc"\n  condition:\n    $b\n}');
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors[0]).toMatchObject({ code: 'E025', line: 5, column: 5 });
    expect(bad.errors[0]!.title).toBe('error[E025]: unknown pattern `$b`');
    const warn = await pool.compileRule('rule w { condition: true }');
    expect(warn.errors).toEqual([]);
    expect(warn.warnings.map((w) => w.code)).toEqual(['invariant_expr']);
    // The same answer in-process.
    expect(checkRule('rule w { condition: true }').warnings.map((w) => w.code)).toEqual(['invariant_expr']);
    const thrown = await pool.scanBuffer(customRule('rule broken { condition: nope }'), Buffer.from('x')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(YaraError);
    expect((thrown as YaraError).code).toBe('compile');
    expect((thrown as YaraError).line).toBe(1);
  });

  test('a missing file is an io error', async () => {
    const err = await pool.scanFile(customRule('rule a { condition: true }'), '/nonexistent/quarry.bin').catch((e: unknown) => e);
    expect((err as YaraError).code).toBe('io');
  });
});
