import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, type Creds, type Reply } from './support/api.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';
import { SAMPLES, warnIfNoSamples } from './support/harness.js';
import { createUser } from './support/users.js';

const BIG_EVTX = join(SAMPLES, 'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx');
const UNAVAILABLE = /^Service temporarily unavailable: (PostgreSQL|Temporal) is not reachable\. Retry in a few seconds$/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks until `ok` holds or the time is up; returns the last answer and how long it took. */
async function until(ask: () => Promise<Reply>, ok: (r: Reply) => boolean, ms: number): Promise<{ r: Reply; ms: number }> {
  const start = Date.now();
  for (;;) {
    const r = await ask().catch((err: unknown) => ({ status: 0, text: String(err), json: undefined, contentType: '' }));
    if (ok(r) || Date.now() - start > ms) return { r, ms: Date.now() - start };
    await sleep(250);
  }
}

/** Times one request: an answer must come back, quickly, even while a dependency is down. */
async function timed(ask: () => Promise<Reply>): Promise<Reply & { ms: number }> {
  const start = Date.now();
  const r = await ask();
  return { ...r, ms: Date.now() - start };
}

/** Every job ends Completed, or Failed with an Error insight: never left Pending or Processing. */
async function expectAllSettled(s: OwnStack, ids: string[], creds: Creds = {}): Promise<Record<string, number>> {
  const outcome: Record<string, number> = {};
  for (const id of ids) {
    const { r } = await until(
      () => get(s.url, `/analysis/job/${id}`, creds),
      (x) => x.status === 200 && !['Pending', 'Processing'].includes(x.json.status),
      150_000,
    );
    expect(r.status, r.text).toBe(200);
    expect(['Completed', 'Failed'], `job ${id} is ${r.json.status}`).toContain(r.json.status);
    if (r.json.status === 'Failed') expect(r.json.insights.some((i: any) => i.Error)).toBe(true);
    if (r.json.status === 'Completed') expect(r.json.insights.length).toBeGreaterThan(0);
    outcome[r.json.status] = (outcome[r.json.status] ?? 0) + 1;
  }
  return outcome;
}

/** Jobs long enough to be caught running: several 16 MB EVTX files each. */
async function startJobs(s: OwnStack, count: number): Promise<string[]> {
  const data = readFileSync(BIG_EVTX);
  const up = await upload(
    s.url,
    Array.from({ length: 3 }, (_, i) => ({ name: `System-${i}.evtx`, data })),
  );
  const fileIds = up.json.file_ids.map((f: string[]) => f[0]);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await post(s.url, '/analysis/winevtx/parse', { file_ids: fileIds, run_sigma_rules: false })).json.id);
  return ids;
}

async function untilProcessing(s: OwnStack, id: string): Promise<void> {
  const { r } = await until(
    () => get(s.url, `/analysis/job/${id}`),
    (x) => x.json?.status === 'Processing',
    60_000,
  );
  expect(r.json.status).toBe('Processing');
}

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('dependency faults during running jobs (own PostgreSQL and Temporal)', () => {
  let s: OwnStack;
  let token: string;
  beforeAll(async () => {
    s = await startOwnStack();
    token = (await createUser(s.db)).token;
    await s.startWorker();
  });
  afterAll(async () => s?.stop());

  test('PostgreSQL stops mid-job: 503 with a clear body at once, recovery by itself, no job left running', async () => {
    const ids = await startJobs(s, 2);
    await untilProcessing(s, ids[0]!);
    await s.stopPostgres();

    const status = await timed(() => get(s.url, `/analysis/job/${ids[0]}`));
    expect([status.status, status.text]).toEqual([503, expect.stringMatching(UNAVAILABLE)]);
    expect(status.ms).toBeLessThan(10_000);
    const list = await timed(() => get(s.url, '/analysis/file/list', { token }));
    expect(list.status).toBe(503);
    expect(list.json.error).toMatch(UNAVAILABLE);
    const created = await timed(() => post(s.url, '/analysis/prefetch/parse', { file_ids: ['00000000-0000-4000-8000-000000000000'] }));
    expect(created.status).toBe(503);
    console.log(`PostgreSQL down: answers in ${status.ms}/${list.ms}/${created.ms} ms`);

    await sleep(3000); // long enough for the running activity to hit the outage
    await s.startPostgres();
    const back = await until(
      () => get(s.url, `/analysis/job/${ids[0]}`),
      (x) => x.status === 200,
      30_000,
    );
    expect(back.r.status).toBe(200);
    console.log(`PostgreSQL back: API answered 200 after ${back.ms} ms; outcomes`, await expectAllSettled(s, ids));
  });

  test('Temporal stops mid-job: job creation is 503 (nothing half-made), recovery by itself, no job left running', async () => {
    const ids = await startJobs(s, 2);
    await untilProcessing(s, ids[0]!);
    const jobsBefore = await s.db.job.count();
    await s.stopTemporal();

    const created = await timed(() => post(s.url, '/analysis/registry/parse', { file_ids: ['00000000-0000-4000-8000-000000000000'] }));
    // The id check runs first and needs no Temporal; a real input reaches the runner.
    const up = await upload(s.url, [{ name: 'x.evtx', data: readFileSync(BIG_EVTX).subarray(0, 65536 * 2) }]);
    const real = await timed(() => post(s.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }));
    expect(created.status).toBe(400);
    expect(real.status, real.text).toBe(503);
    expect(real.json.error).toMatch(UNAVAILABLE);
    // The start's deadline (5 s), not the client's ~20 s of retries: bounded generously for a loaded machine.
    expect(real.ms).toBeLessThan(10_000);
    expect(await s.db.job.count()).toBe(jobsBefore); // the refused job left no row behind
    expect((await get(s.url, `/analysis/job/${ids[0]}`)).status).toBe(200); // reads need PostgreSQL only
    console.log(`Temporal down: job creation answered 503 in ${real.ms} ms`);

    await sleep(3000);
    await s.startTemporal();
    const back = await until(
      () => post(s.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }),
      (x) => x.status === 200,
      60_000,
    );
    expect(back.r.status, back.r.text).toBe(200);
    console.log(`Temporal back: job creation 200 after ${back.ms} ms; outcomes`, await expectAllSettled(s, [...ids, back.r.json.id]));
  });
});
