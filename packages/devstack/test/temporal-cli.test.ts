import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { DevstackError, ensureTemporalCli } from '../src/index.js';

const log = createLogger('devstack-test', { level: 'warn' });
const dir = mkdtempSync(join(tmpdir(), 'quarry-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ensureTemporalCli', () => {
  test('an override that is an executable file is used as is', async () => {
    const fake = join(dir, 'temporal-fake');
    writeFileSync(fake, '#!/bin/sh\n', { mode: 0o755 });
    expect(await ensureTemporalCli(log, fake)).toBe(fake);
  });

  test('an override that is missing, a directory or not executable is refused', async () => {
    const plain = join(dir, 'plain');
    writeFileSync(plain, '', { mode: 0o644 });
    for (const bad of [join(dir, 'missing'), dir, plain]) {
      await expect(ensureTemporalCli(log, bad)).rejects.toThrow(DevstackError);
    }
  });

  // On a fresh machine this builds the CLI with `go install` (minutes, once).
  test('finds or builds a working Temporal CLI', { timeout: 900_000 }, async () => {
    const cli = await ensureTemporalCli(log, undefined);
    expect(execFileSync(cli, ['--version'], { encoding: 'utf8' })).toMatch(/^temporal version .*Server 1\.\d+/);
  });
});
