import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { HAVE_SAMPLES, PACKAGE_DIR, PREFETCH_DIR, withSamples } from './helpers/shared.js';

/** The CLI runs from dist/, which the root test command builds first. */
const CLI = join(PACKAGE_DIR, 'dist', 'cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('quarry-pf usage', () => {
  test('no command: usage on stderr, exit 2', () => {
    const r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage: quarry-pf dump FILE/);
  });

  test('unknown format: exit 2', () => {
    expect(run('dump', 'x.pf', '--format', 'xml').status).toBe(2);
  });

  test('a missing file is reported as a JSON error line, exit 1', () => {
    const r = run('dump', '/nonexistent/X.pf', '--format', 'json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ fileName: 'X.pf', error: { name: 'IOError' } });
  });
});

describe.skipIf(!HAVE_SAMPLES)(withSamples('quarry-pf dump on real files'), () => {
  const win10 = join(PREFETCH_DIR, 'Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf');
  const xp = join(PREFETCH_DIR, 'Windows-Prefetch-Parser/XPPro/CALC.EXE-02CD573A.pf');
  const bad = join(PREFETCH_DIR, 'artemis/bad_data/bad_compression.pf');

  test('--format json prints one JSON object per file, in order', () => {
    const r = run('dump', win10, xp, '--format', 'json');
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      fileName: 'CMD.EXE-D269B812.pf',
      container: { signature: 'MAM\\x04', sccaSize: 25138 },
      version: 30,
      executableName: 'CMD.EXE',
      prefetchHash: '0xd269b812',
      runCount: 55,
      hashCheck: { status: 'match' },
    });
    expect(lines[0].lastRunTimes).toHaveLength(8);
    expect(lines[0].fileMetrics).toHaveLength(62);
    expect(lines[0].volumes).toHaveLength(2);
    expect(lines[1]).toMatchObject({ fileName: 'CALC.EXE-02CD573A.pf', version: 17, runCount: 3 });
  });

  test('a damaged file gives an error line with format, structure and offset; the others still print', () => {
    const r = run('dump', bad, xp);
    expect(r.status).toBe(1);
    const [first, second] = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(first).toMatchObject({ fileName: 'bad_compression.pf', error: { name: 'PrefetchError', format: 'MAM', structure: 'file header', offset: 4 } });
    expect(second).toMatchObject({ version: 17 });
  });

  test('--format text prints a summary', () => {
    const r = run('dump', win10, '--format', 'text');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/SCCA version 30 \(variant 1\), MAM\\x04/);
    expect(r.stdout).toMatch(/hash 0xd269b812 \(match via \\DEVICE\\HARDDISKVOLUME8\\WINDOWS\\SYSTEM32\\CMD.EXE\)/);
  });
});
