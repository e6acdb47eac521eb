import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, upload, waitForJob } from './support/api.js';
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
    const publicBlobs = new Set(
      (await h.db.file.findMany({ where: { encrypted: false }, select: { blobKey: true } })).map((f) => f.blobKey),
    );
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
});
