import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, waitForJob } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-to-MITRE-Attack/ID4688-4698 Persistent scheduled task with SYSTEM privileges creation.evtx');

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) yield* filesUnder(p);
    else if (st.isFile()) yield p;
  }
}

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('no plaintext at rest, no secret in Temporal', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
  });
  afterAll(async () => h?.stop());

  test('after a private upload and a completed job, no data file holds the evidence, the key or the token', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const evidence = readFileSync(EVTX);
    const up = await upload(h.url, [{ path: EVTX }], { token, key });
    const job = await post(h.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, { token, key });
    expect((await waitForJob(h.url, job.json.id, { token, key })).json.status).toBe('Completed');

    // Probes: 48-byte windows spread over the evidence (skipping the generic file header), the
    // client key in its raw, base64 and hex forms, and the token.
    const probes: Buffer[] = [];
    for (let off = 4096; off + 48 <= evidence.length; off += Math.floor(evidence.length / 40)) probes.push(evidence.subarray(off, off + 48));
    const raw = Buffer.from(key, 'base64');
    probes.push(raw, Buffer.from(key), Buffer.from(raw.toString('hex')), Buffer.from(token));

    // The stack is shared with other test files, and public uploads are stored in clear by design
    // (EVTX files share template bytes), so only their blobs are left out of the scan.
    const publicBlobs = new Set((await h.db.file.findMany({ where: { encrypted: false }, select: { blobKey: true } })).map((f) => f.blobKey));
    const mine = await h.db.file.findUniqueOrThrow({ where: { id: up.json.file_ids[0][0] } });
    expect(mine.encrypted).toBe(true);
    let scanned = 0;
    for (const file of filesUnder(h.stack.dataDir)) {
      if (publicBlobs.has(basename(file))) continue;
      const bytes = readFileSync(file);
      scanned += bytes.length;
      for (const p of probes) expect(bytes.indexOf(p), `${file} holds plaintext`).toBe(-1);
    }
    expect(scanned).toBeGreaterThan(evidence.length); // the scan really covered the data directory

    // Temporal history: the workflow input is an encrypted payload.
    const history = await h.temporal.workflow.getHandle(`quarry-job-${job.json.id}`).fetchHistory();
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    const payload = started?.input?.payloads?.[0];
    expect(Buffer.from(payload!.metadata!['encoding']!).toString()).toBe('binary/encrypted');
    expect(Buffer.from(payload!.data!).indexOf(Buffer.from(key))).toBe(-1);
  });

  test('a private job that fails on a file whose name is a secret leaves that name in no Temporal file and no log line', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const secret = `SECRET-${randomBytes(12).toString('hex')}`;
    const name = `${secret}.evtx`;
    // Not an EVTX file: the job fails, and its failure message names the file.
    const up = await upload(h.url, [{ name, data: randomBytes(70_000) }], { token, key });
    expect(up.status).toBe(200);
    const job = await post(h.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, { token, key });
    const done = await waitForJob(h.url, job.json.id, { token, key });
    expect(done.json.status).toBe('Failed');
    // The owner, with the key, is told which file it was.
    expect(done.json.insights).toEqual([{ Error: { message: expect.stringContaining(name) } }]);
    // Without the key, nothing.
    expect((await get(h.url, `/analysis/job/${job.json.id}`, { token })).status).toBe(403);

    const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
    const temporalStore = join(h.stack.dataDir, 'temporal');
    let scanned = 0;
    for (const file of filesUnder(temporalStore)) {
      const bytes = readFileSync(file);
      scanned++;
      for (const n of needles) expect(bytes.indexOf(n), `${file} holds the secret file name`).toBe(-1);
    }
    expect(scanned).toBeGreaterThan(0);
    // The history really holds the failure (encoded), so the scan above looked at it.
    const history = await h.temporal.workflow.getHandle(`quarry-job-${job.json.id}`).fetchHistory();
    expect(history.events?.some((e) => e.activityTaskFailedEventAttributes?.failure)).toBe(true);
    expect(h.logText()).not.toContain(secret);
  });
});
