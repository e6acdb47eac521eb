import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { sweepOrphans } from '@quarry/api';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { mulberry32 } from '@quarry/testkit';
import { get, post, upload, type Creds } from './support/api.js';
import { newClientKey, SAMPLES, warnIfNoSamples } from './support/harness.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';
import { sha256, storedSha256 } from './support/stored-files.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-to-MITRE-Attack/ID4688-4698 Persistent scheduled task with SYSTEM privileges creation.evtx');
const ROUNDS = 3;

interface Accepted {
  id: string;
  sha: string;
  key: Buffer | null;
}

function* filesUnder(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(p);
    else yield p;
  }
}

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('kill -9 of the whole service at random points during uploads and jobs', () => {
  let s: OwnStack;
  beforeAll(async () => {
    // Production PostgreSQL settings: an acknowledged commit must survive kill -9.
    s = await startOwnStack({ durable: true });
  });
  afterAll(async () => s?.stop());

  test('after restart PostgreSQL, Temporal and the blob store agree; nothing accepted is lost', async () => {
    const random = mulberry32(21);
    const evtx = readFileSync(EVTX);
    const user = await createUser(s.db);
    const key = newClientKey();
    const priv: Creds = { token: user.token, key };
    const files: Accepted[] = [];
    const jobs: { id: string; creds: Creds }[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const api = await s.startApi();
      await s.startWorker();
      let killed = false;
      // Clients: uploads (public and private, one to three files, some of them EVTX) each followed by a parse job.
      const client = async (n: number) => {
        while (!killed) {
          const isPrivate = (n + files.length) % 2 === 0;
          const batch = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => ({
            name: `f${round}-${n}-${i}.evtx`,
            data: i === 0 ? evtx : randomBytes(64 * 1024 + Math.floor(random() * 2 * 1024 * 1024)),
          }));
          const creds = isPrivate ? priv : {};
          const up = await upload(api.url, batch, creds).catch(() => null);
          if (!up || up.status !== 200) continue;
          up.json.file_ids.forEach((f: string[], i: number) =>
            files.push({ id: f[0]!, sha: sha256(batch[i]!.data), key: isPrivate ? Buffer.from(key, 'base64') : null }),
          );
          const job = await post(api.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, creds).catch(() => null);
          if (job?.status === 200) jobs.push({ id: job.json.id, creds });
        }
      };
      const clients = [0, 1, 2].map(client);
      await new Promise((r) => setTimeout(r, 1000 + random() * 4000));
      s.killAll();
      killed = true;
      await Promise.all(clients);
      await s.startPostgres();
      await s.startTemporal();
    }

    // Restart as main.ts does: the sweep, then the service.
    const report = await sweepOrphans(
      {
        db: s.db,
        blobs: new FsBlobStore(s.blobDir),
        recordStores: new RecordStores(new LocalFiles(join(s.blobDir, 'record-stores'))),
        log: createLogger('sweep'),
      },
      0,
    );
    await s.startWorker();
    console.log(`durability: ${ROUNDS} kills, ${files.length} uploads and ${jobs.length} jobs accepted; swept`, report);
    expect(files.length).toBeGreaterThan(0);

    // 1. Every accepted file is there, byte for byte (after decryption).
    for (const f of files) expect(await storedSha256(s.db, s.blobDir, f.id, f.key), f.id).toBe(f.sha);
    // 2. No listed file without its blob; 3. no blob without its row, and no temp file left.
    const rows = await s.db.file.findMany({ select: { blobKey: true } });
    const keys = new Set(rows.map((r) => r.blobKey));
    const onDisk = [...filesUnder(s.blobDir)].filter((p) => !p.includes('record-stores'));
    const blobNames = new Set(onDisk.map((p) => p.slice(p.lastIndexOf('/') + 1)));
    for (const k of keys) expect(blobNames.has(k), `row without blob ${k}`).toBe(true);
    expect(onDisk.filter((p) => !keys.has(p.slice(p.lastIndexOf('/') + 1)))).toEqual([]);
    // 4. Every accepted job ends Completed with insights or Failed with an Error insight.
    const outcomes: Record<string, number> = {};
    for (const j of jobs) {
      const deadline = Date.now() + 120_000;
      let r = await get(s.url, `/analysis/job/${j.id}`, j.creds);
      while (r.status === 200 && ['Pending', 'Processing'].includes(r.json.status) && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, 250));
        r = await get(s.url, `/analysis/job/${j.id}`, j.creds);
      }
      expect(r.status, r.text).toBe(200);
      expect(['Completed', 'Failed'], `${j.id} is ${r.json.status}`).toContain(r.json.status);
      if (r.json.status === 'Failed') expect(r.json.insights.some((i: any) => i.Error)).toBe(true);
      else expect(r.json.insights.length).toBeGreaterThan(0);
      outcomes[r.json.status] = (outcomes[r.json.status] ?? 0) + 1;
    }
    // 5. Record stores: each belongs to a job that exists, and none is unfinished (builds live in .scratch/).
    const jobIds = new Set((await s.db.job.findMany({ select: { id: true } })).map((j) => j.id));
    for (const p of filesUnder(join(s.blobDir, 'record-stores'))) {
      const name = p.slice(p.lastIndexOf('/') + 1);
      expect(p.includes('/.scratch/'), p).toBe(false);
      expect(jobIds.has(name.slice(0, name.indexOf('.'))), name).toBe(true);
    }
    console.log('durability: job outcomes', outcomes);
  });
});
