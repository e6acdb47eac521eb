import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, waitForJob } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const BIG_EVTX = join(SAMPLES, 'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx');

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('a worker killed in the middle of a job', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  test('the job completes after the worker is restarted', async () => {
    const { token } = await createUser(h.db, 'free');
    const key = newClientKey();
    const creds = { token, key };
    // Many large inputs keep the activity busy long enough to be caught mid-way.
    const data = readFileSync(BIG_EVTX);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const up = await upload(
        h.url,
        Array.from({ length: 5 }, (_, j) => ({ name: `System-${i}-${j}.evtx`, data })),
        creds,
      );
      ids.push(...up.json.file_ids.map((f: string[]) => f[0]));
    }
    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: ids, run_sigma_rules: false }, creds);
    expect(created.status).toBe(200);

    const first = await h.startWorker();
    const deadline = Date.now() + 60_000;
    while ((await get(h.url, `/analysis/job/${created.json.id}`, creds)).json.status !== 'Processing') {
      if (Date.now() > deadline) throw new Error('job never started processing');
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect((await get(h.url, `/analysis/job/${created.json.id}`, creds)).json.status).toBe('Processing');

    await h.startWorker();
    const done = await waitForJob(h.url, created.json.id, creds, 150_000);
    expect(done.json.status).toBe('Completed');
    expect(done.json.insights.filter((i: any) => i.Metadata?.title.startsWith('File metadata: '))).toHaveLength(20);
  });
});
