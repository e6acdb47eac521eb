import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { zipSync } from 'fflate';
import { findLogs, keyToJson, keyToJsonLine, openHive, openZip, type Hive } from '../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const ready = HAVE_SAMPLES && existsSync(CLI);
const reason = !HAVE_SAMPLES ? NO_SAMPLES_REASON : `${CLI} not built (run the package build first)`;

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [CLI, ...args], { maxBuffer: 1 << 28 });
}

/** The text `dump` must print, byte for byte: keyToJsonLine over the API walk. */
function apiLines(hive: Hive, member?: string): string {
  return [...hive.walk({ deleted: true })].map((k) => `${keyToJsonLine(k, member)}\n`).join('');
}

describe.skipIf(!ready)(`quarry-reg CLI${ready ? '' : ` (${reason})`}`, () => {
  // The CLI writes keys from the hive bytes, not through keyToJsonLine; these hives hold UTF-16 and
  // Latin-1 names, escapes, every value type, big data and deleted keys (test/dump-jsonl.test.ts
  // checks the same writer in-process on every corpus hive).
  test.each([
    'regipy/SYSTEM_B',
    'regipy/UsrClass.dat',
    'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve',
    'plaso/NTUSER-WIN7.DAT',
    'regipy/corrupted_system_hive',
    'yarp/TruncatedHive',
  ])('dump %s is byte-identical to keyToJsonLine over the API walk', async (rel) => {
    const { stdout } = await cli('dump', sample(rel), '--find-logs');
    expect(stdout).toBe(apiLines(await openHive(sample(rel), { logs: await findLogs(sample(rel)) })));
  });

  test('dump of SYSTEM_B as stored (1,504 deleted keys, which its logs remove) is byte-identical too', async () => {
    const { stdout } = await cli('dump', sample('regipy/SYSTEM_B'));
    expect(stdout).toBe(apiLines(await openHive(sample('regipy/SYSTEM_B'))));
    expect(stdout.match(/^\{"path":"[^\n]*,"deleted":true,/gm)?.length).toBe(1504);
  });

  test('dump of a zip is byte-identical too, with the escaped member name in front', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-reg-cli-'));
    try {
      const zip = join(dir, 'case.zip');
      writeFileSync(zip, zipSync({ 'a "quoted"\\dir/SAM': new Uint8Array(readFileSync(sample('regipy/SAM'))) }));
      const { stdout } = await cli('dump', zip);
      const [member] = (await openZip(zip)).hives;
      expect(stdout).toBe(apiLines(member!.hive!, member!.name));
      expect(stdout.startsWith('{"hive":"a \\"quoted\\"\\\\dir/SAM","path":')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('dump --logs: one JSON line per key, live then deleted, equal to the API', async () => {
    const hive = sample('regipy/transactions_NTUSER.DAT');
    const logs = [sample('regipy/transactions_ntuser.dat.log1'), sample('regipy/transactions_ntuser.dat.log2')];
    const { stdout, stderr } = await cli('dump', hive, '--logs', ...logs, '--format', 'jsonl');
    expect(stderr).toBe('');
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const api = [...(await openHive(hive, { logs })).walk({ deleted: true })].map(keyToJson);
    expect(lines).toEqual(JSON.parse(JSON.stringify(api)));
    expect(Object.keys(lines[0]!)).toEqual(['path', 'last_write', 'deleted', 'values']);
  });

  test('a dirty hive without logs is dumped with a clear warning on stderr', async () => {
    const { stdout, stderr } = await cli('dump', sample('regipy/SECURITY'), '--no-deleted');
    expect(stderr).toMatch(/DIRTY .*no transaction logs were given/);
    expect(stdout.trimEnd().split('\n').length).toBe(100);
  });

  test('info --find-logs reports type and replay', async () => {
    const { stdout } = await cli('info', sample('DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve'), '--find-logs');
    const info = JSON.parse(stdout) as { type: string; replay: { applied: boolean; appliedSequences: number[] } };
    expect(info.type).toBe('Amcache.hve');
    expect(info.replay.applied).toBe(true);
    expect(info.replay.appliedSequences).toEqual([68, 69, 70, 71, 72, 73, 74, 75, 76]);
  });

  test('not a hive: exit code 1 and the reason, no stack trace', async () => {
    const err = (await cli('dump', sample('EricZimmerman-Registry/NotAHive')).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/^quarry-reg: base block at 0x0: not a registry hive/);
  });
});
