import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { customRule, ScanPool } from '../src/index.js';
import { planWindows } from '../src/windows.js';

describe('windowed file scanning', () => {
  test('plan: equal-length windows that overlap and cover the file', () => {
    expect(planWindows(100, 200, 10)).toEqual([{ start: 0, length: 100 }]);
    expect(planWindows(1000, 400, 50)).toEqual([
      { start: 0, length: 400 },
      { start: 350, length: 400 },
      { start: 600, length: 400 },
    ]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'quarry-yara-win-'));
  const pool = new ScanPool({ size: 1, windowBytes: 4096, overlapBytes: 64, wholeFileMaxBytes: 4096 });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('hostile re-chunking: for random window/overlap sizes, windowed offsets equal the whole-file offsets', async () => {
    let seed = 99;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const rule = customRule('rule n { strings: $n = "QUARRY-NEEDLE" $h = { 51 55 ?? 52 } condition: any of them }');
    const data = Buffer.alloc(30_000);
    for (let k = 0; k < data.length; k++) data[k] = 0x20 + rand(90);
    for (let k = 0; k < 12; k++) Buffer.from('QUARRY-NEEDLE').copy(data, rand(data.length - 13));
    const path = join(dir, 'rechunk.bin');
    writeFileSync(path, data);
    const whole = new ScanPool({ size: 1 });
    const expected = (await whole.scanFile(rule, path)).matches[0]!.strings.map((s) => `${s.identifier}@${s.offset}`);
    await whole.close();
    expect(expected.length).toBeGreaterThanOrEqual(12);
    for (let round = 0; round < 6; round++) {
      const windowBytes = 512 + rand(6000);
      const overlapBytes = 16 + rand(200);
      const windowed = new ScanPool({ size: 1, windowBytes, overlapBytes, wholeFileMaxBytes: 0 });
      try {
        const o = await windowed.scanFile(rule, path);
        expect(o.windows, `window ${windowBytes}`).toBeGreaterThan(1);
        expect(
          o.matches[0]!.strings.map((s) => `${s.identifier}@${s.offset}`),
          `window ${windowBytes} overlap ${overlapBytes}`,
        ).toEqual(expected);
      } finally {
        await windowed.close();
      }
    }
  });

  test('a pattern straddling a window boundary is found once, at its file offset', async () => {
    const data = Buffer.alloc(20_000, 0x41);
    const needle = Buffer.from('QUARRY-NEEDLE');
    const at = [4090, 10_000, 20_000 - needle.length];
    for (const o of at) needle.copy(data, o);
    const path = join(dir, 'straddle.bin');
    writeFileSync(path, data);
    const o = await pool.scanFile(customRule('rule n { strings: $n = "QUARRY-NEEDLE" condition: $n }'), path);
    expect(o.windows).toBe(5);
    expect(o.bytes).toBe(20_000);
    expect(o.matches).toHaveLength(1);
    expect(o.matches[0]!.strings.map((s) => s.offset)).toEqual(at);
  });
});
