import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload } from './support/api.js';
import { newClientKey, SAMPLES, warnIfNoSamples } from './support/harness.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';
import { sha256, storedSha256 } from './support/stored-files.js';
import { createUser } from './support/users.js';

const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const MiB = 1024 * 1024;

/** A 24 MB tmpfs can be mounted only by root (CI runs as root); elsewhere the test says so and skips. */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'quarry-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmdirSync(probe);
  }
}

const mountable = canMount();
if (!mountable) console.warn('skipping the disk-full test: mounting a small tmpfs needs root');
warnIfNoSamples();
describe.skipIf(!mountable || !existsSync(SAMPLES))('the blob store’s disk fills up', () => {
  let s: OwnStack;
  let mounted: string | undefined;
  beforeAll(async () => {
    s = await startOwnStack({
      prepareBlobDir: (dir) => {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir]);
        mounted = dir;
      },
    });
    await s.startWorker();
  });
  afterAll(async () => {
    await s?.stop().catch(() => undefined); // its rm fails on the mount point: unmounted below
    if (mounted) {
      execFileSync('umount', ['-l', mounted]);
      rmSync(dirname(mounted), { recursive: true, force: true });
    }
  });

  test('uploads are refused 503 with a clear body, nothing half-written is listed, and space freed is used again', async () => {
    const { token } = await createUser(s.db);
    const creds = { token, key: newClientKey() };
    const kept: { id: string; sha: string }[] = [];
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const data = new Uint8Array(3 * MiB).fill(i + 1);
      const r = await upload(s.url, [{ name: `fill-${i}.bin`, data }], creds);
      if (r.status === 200) kept.push({ id: r.json.file_ids[0][0], sha: sha256(data) });
      else refused = r;
    }
    expect(refused, 'the disk never filled').toBeDefined();
    expect([refused!.status, refused!.text]).toEqual([503, 'Service temporarily unavailable: storage is full. Retry later']);

    // Every listed file is whole; the refused one left no row, no blob and no temp file.
    const listed = (await get(s.url, '/analysis/file/list', creds)).json.files;
    expect(listed).toHaveLength(kept.length);
    const key = Buffer.from(creds.key, 'base64');
    for (const f of kept) expect(await storedSha256(s.db, s.blobDir, f.id, key)).toBe(f.sha);
    const temps = readdirSync(s.blobDir, { recursive: true }).filter((n) => String(n).endsWith('.tmp'));
    expect(temps).toEqual([]);

    // A job while the disk is full ends (Completed or Failed with an Error insight), never stuck.
    const pf = await upload(s.url, [{ path: PREFETCH }]);
    if (pf.status === 200) {
      const job = await post(s.url, '/analysis/prefetch/parse', { file_ids: [pf.json.file_ids[0][0]] });
      const deadline = Date.now() + 120_000;
      let r = await get(s.url, `/analysis/job/${job.json.id}`);
      while (['Pending', 'Processing'].includes(r.json.status) && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, 500));
        r = await get(s.url, `/analysis/job/${job.json.id}`);
      }
      expect(['Completed', 'Failed']).toContain(r.json.status);
      if (r.json.status === 'Failed') expect(r.json.insights.some((i: any) => i.Error)).toBe(true);
    }

    // Space freed through the API is used again at once.
    expect((await post(s.url, '/analysis/file/delete', { ids: kept.slice(0, 3).map((f) => f.id) }, creds)).status).toBe(200);
    const again = await upload(s.url, [{ name: 'after.bin', data: readFileSync(PREFETCH) }], creds);
    expect(again.status).toBe(200);
  });
});
