import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sharedPath } from '@quarry/testkit';
import { detectFileKind } from '../src/index.js';

const samples = sharedPath('samples');

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

describe.skipIf(!existsSync(samples))('detectFileKind on the shared samples (skipped: ../shared/samples absent)', () => {
  test('every EVTX sample is recognised from content', () => {
    const files = [...walk(join(samples, 'evtx'))].filter((f) => f.endsWith('.evtx'));
    expect(files.length).toBeGreaterThan(40);
    for (const f of files) expect([f, detectFileKind(readFileSync(f).subarray(0, 512))]).toEqual([f, 'evtx']);
  });

  test('hives, logs and the non-hive are told apart', () => {
    const reg = join(samples, 'registry');
    expect(detectFileKind(readFileSync(join(reg, 'regipy/SYSTEM_B')))).toBe('registry-hive');
    expect(detectFileKind(readFileSync(join(reg, 'regipy/SYSTEM_B.LOG1')))).toBe('registry-log');
    const notAHive = [...walk(reg)].find((f) => f.includes('NotAHive'));
    expect(notAHive).toBeDefined();
    expect(detectFileKind(readFileSync(notAHive!))).toBe('unknown');
  });

  test('prefetch, compressed or not, and the near-miss', () => {
    const kinds = new Map<string, number>();
    for (const f of walk(join(samples, 'prefetch'))) {
      const k = detectFileKind(readFileSync(f).subarray(0, 512));
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    // 35 uncompressed SCCA (8 v17, 11 v23, 12 v26, 1 v30, 3 v31), 17 MAM containers (one with a
    // corrupt stream, still a MAM container) and the 13-byte "SDCA" near-miss.
    expect(kinds.get('prefetch')).toBe(35);
    expect(kinds.get('prefetch-compressed')).toBe(17);
    expect(kinds.get('unknown')).toBe(1);
  });
});
