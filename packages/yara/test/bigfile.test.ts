import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { customRule, ScanPool } from '../src/index.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const NEEDLE = Buffer.from('QUARRY-1GB-MARKER');

describe.skipIf(process.platform !== 'linux')('1 GiB file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-yara-1g-'));
  const pool = new ScanPool({ size: 1, timeoutMs: 120_000 });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('scans in bounded memory and finds markers at the start, across a window boundary and at the end', async () => {
    // Sparse: the holes read as zeros without taking disk space.
    const path = join(dir, 'big.bin');
    const offsets = [0, 64 * MiB - 5, GiB - NEEDLE.length];
    const fd = openSync(path, 'w');
    ftruncateSync(fd, GiB);
    for (const o of offsets) writeSync(fd, NEEDLE, 0, NEEDLE.length, o);
    closeSync(fd);

    const rule = customRule('rule marker { strings: $m = "QUARRY-1GB-MARKER" condition: $m }');
    await pool.scanBuffer(rule, Buffer.from('warm up: start the worker and compile the rule'));
    const before = pool.workerStats()[0]!.rssAnonBytes!;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, pool.workerStats()[0]?.rssAnonBytes ?? 0);
    }, 20);
    const o = await pool.scanFile(rule, path);
    clearInterval(sampler);
    peak = Math.max(peak, pool.workerStats()[0]?.rssAnonBytes ?? 0);

    expect(o.bytes).toBe(GiB);
    expect(o.windows).toBe(17);
    expect(o.matches[0]!.strings.map((s) => s.offset)).toEqual(offsets);
    const growth = peak - before;
    console.log(`1 GiB scan: ${o.ms.toFixed(0)} ms, ${o.windows} windows, worker anonymous RSS growth ${(growth / MiB).toFixed(0)} MiB`);
    // One 64 MiB window buffer plus the engine's working memory; the whole file would be 1024 MiB.
    expect(growth).toBeLessThan(256 * MiB);
  }, 180_000);
});
