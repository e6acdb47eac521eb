import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { findTool, toolGate } from '@quarry/testkit';
import { join } from 'node:path';
import { jobs, results } from '@quarry/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, waitForJob } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-to-MITRE-Attack/ID4624-Mimikatz Pass the hash.evtx');
const HIVE = join(SAMPLES, 'registry/regipy/SAM');
const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const MORE_EVTX = ['Sysmon_UACME_64.evtx', 'bits_openvpn.evtx', 'CA_4624_4625_LogonType2_LogonProc_chrome.evtx'].map((n) =>
  join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES', n),
);
const sha256 = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('file and job lifecycle with real evidence', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
  });
  afterAll(async () => h?.stop());

  const cases = [
    ['winevtx', EVTX, 'Windows event log (EVTX)', { run_sigma_rules: false }],
    ['registry', HIVE, 'Registry hive', {}],
    ['prefetch', PREFETCH, 'Prefetch (MAM compressed)', {}],
  ] as const;

  for (const [category, path, detected, extra] of cases) {
    test(`public ${category}: upload -> parse -> poll -> Completed -> delete`, async () => {
      const up = await upload(h.url, [{ path }]);
      expect(up.status).toBe(200);
      expect(up.json.message).toMatch(/uploaded successfully/);
      const [[fileId, fileName]] = up.json.file_ids;
      expect(fileName).toBe(path.split('/').pop());

      const created = await post(h.url, `/analysis/${category}/parse`, { file_ids: [fileId], ...extra });
      expect(created.status).toBe(200);
      expect(created.json).toMatchObject({ message: 'Job queued', category });
      expect(created.json.job_name).toMatch(/^[a-z]+-[a-z]+-[a-z]+$/);

      const done = await waitForJob(h.url, created.json.id);
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('Completed');
      expect(Object.keys(done.json).sort()).toEqual(['id', 'insights', 'job_name', 'status']);
      const meta = done.json.insights.find((i: any) => i.Metadata)?.Metadata;
      expect(meta.data).toMatchObject({ file_id: fileId, sha256: sha256(path), detected_type: detected });
      expect(meta.data.size_bytes).toBe(String(readFileSync(path).length));
    });
  }

  test('a multi-file EVTX job: the analyzers see every record of every file, as many as evtx_dump reads', async () => {
    toolGate('evtx_dump');
    const evtxDump = findTool('evtx_dump');
    if (!evtxDump) return;
    const paths = [EVTX, ...MORE_EVTX];
    const up = await upload(
      h.url,
      paths.map((path) => ({ path })),
    );
    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: up.json.file_ids.map((f: string[]) => f[0]), run_sigma_rules: false });
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Completed');
    const meta = done.json.insights.filter((i: any) => i.Metadata?.title.startsWith('File metadata: ')).map((i: any) => i.Metadata);
    expect(meta.map((m: any) => m.title)).toEqual(paths.map((p) => `File metadata: ${p.split('/').pop()}`));
    for (const [i, path] of paths.entries()) {
      const out = spawnSync(evtxDump, ['-o', 'jsonl', '--no-confirm-overwrite', path], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const expected = out.stdout.split('\n').filter((l) => l.trim().length > 0).length;
      expect(expected).toBeGreaterThan(0);
      expect(Number(meta[i].data.records), path).toBe(expected);
    }
  });

  test('the job list is newest first', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const up = await upload(h.url, [{ path: PREFETCH }], { token, key });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await post(h.url, '/analysis/prefetch/parse', { file_ids: [up.json.file_ids[0][0]] }, { token, key });
      ids.push(created.json.id);
      await new Promise((r) => setTimeout(r, 20));
    }
    const list = await get(h.url, '/analysis/job/list', { token });
    expect(list.json.jobs.map((j: any) => j.id)).toEqual([...ids].reverse());
    for (const id of ids) await waitForJob(h.url, id, { token, key });
  });

  test('private upload with a key: encrypted, listed, parsed, job deleted, file deleted', async () => {
    const { token } = await createUser(h.db, 'pro');
    const key = newClientKey();
    const up = await upload(h.url, [{ path: EVTX }, { path: PREFETCH }], { token, key }, '/upload');
    expect(up.status).toBe(200);
    expect(up.json.file_ids).toHaveLength(2);
    const [evtxId] = up.json.file_ids[0];

    const list = await get(h.url, '/analysis/file/list', { token });
    expect(list.status).toBe(200);
    expect(list.json.files).toHaveLength(2);
    // Both files of one upload may share a creation millisecond: find the row by id.
    const row = list.json.files.find((f: string[]) => f[0] === evtxId);
    expect(row).toBeDefined();
    expect(row[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(row.slice(3)).toEqual(['private', 'encrypted']);

    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: [evtxId], run_sigma_rules: true }, { token, key });
    expect(created.status).toBe(200);
    const done = await waitForJob(h.url, created.json.id, { token, key });
    expect(done.json.status).toBe('Completed');
    expect(done.json.insights[0].Metadata.data.sha256).toBe(sha256(EVTX));
    // The tier decides the queue and priority: a pro user's job ran on the pro queue.
    const wf = await h.temporal.workflow.getHandle(`quarry-job-${created.json.id}`).describe();
    expect(wf.taskQueue).toBe('quarry-jobs-pro');
    expect(wf.raw.workflowExecutionInfo?.priority?.priorityKey).toBe(2);

    const jobs = await get(h.url, '/analysis/job/list', { token });
    expect(jobs.status).toBe(200);
    expect(jobs.json.jobs[0]).toMatchObject({ id: created.json.id, status: 'Completed', visibility: 'private', category: 'winevtx' });

    const delJob = await post(h.url, '/analysis/job/delete', { ids: [created.json.id] }, { token });
    expect([delJob.status, delJob.json]).toEqual([200, { message: 'Job deleted successfully' }]);
    expect((await get(h.url, `/analysis/job/${created.json.id}`, { token, key })).status).toBe(404);
    expect(await results.get(h.db, created.json.id)).toBeNull();

    const delFiles = await post(h.url, '/analysis/file/delete', { ids: up.json.file_ids.map((f: string[]) => f[0]) }, { token });
    expect([delFiles.status, delFiles.json]).toEqual([200, { message: 'File deleted successfully' }]);
    expect((await get(h.url, '/analysis/file/list', { token })).json.files).toEqual([]);
  });

  test('a file of the wrong type ends the job Failed with an Error insight', async () => {
    const up = await upload(h.url, [{ path: PREFETCH }]);
    expect(up.json.file_ids).toHaveLength(1);
    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false });
    expect(created.status).toBe(200);
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Failed');
    expect(done.json.insights).toEqual([{ Error: { message: 'File CALC.EXE-3FBEF7FD.pf is not an EVTX event log (detected: Prefetch (MAM compressed))' } }]);
  });

  test('deleting a running job cancels its workflow first', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const up = await upload(h.url, [{ path: EVTX }], { token, key });
    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, { token, key });
    const del = await post(h.url, '/analysis/job/delete', { ids: [created.json.id] }, { token });
    expect(del.status).toBe(200);
    const wf = await h.temporal.workflow.getHandle(`quarry-job-${created.json.id}`).describe();
    expect(wf.status.name).not.toBe('RUNNING');
    expect(await jobs.get(h.db, created.json.id)).toBeNull();
  });
});
