import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTRACT, type EndpointName } from '../src/contract.js';
import { ACCESS, ASKERS, type Asker, type Fixtures, type Req } from './support/access-table.js';
import { post, upload, waitForJob, type Creds, type Reply } from './support/api.js';
import { SAMPLES, newClientKey, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');

async function send(base: string, req: Req, creds: Creds, which: 'private' | 'public' = 'private'): Promise<Reply> {
  if (req.upload) return upload(base, [{ name: 'a.bin', data: new Uint8Array([1, 2, 3]) }], creds);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (creds.token) headers['X-Service-Api-Token'] = creds.token;
  if (creds.key) headers['X-Service-Api-Enc-Key'] = creds.key;
  const path = which === 'public' ? (req.publicPath ?? req.path) : req.path;
  const body = which === 'public' ? (req.publicBody ?? req.body) : req.body;
  const res = await fetch(base + path, { method: req.method, headers, ...(req.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    /* text body */
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
}

test('every endpoint of CONTRACT has its row in the access table, and no row is left over', () => {
  expect(Object.keys(ACCESS).sort()).toEqual(Object.keys(CONTRACT).sort());
});

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('access: every endpoint refuses what it must', () => {
  let h: Harness;
  let fx: Fixtures;
  let creds: Record<Asker | 'owner', Creds>;

  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
    const alice = await createUser(h.db);
    const bob = await createUser(h.db);
    const key = newClientKey();
    const own = { token: alice.token, key };
    creds = {
      owner: own,
      noToken: { key },
      badToken: { token: randomUUID(), key },
      otherUser: { token: bob.token, key },
      noKey: { token: alice.token },
      wrongKey: { token: alice.token, key: newClientKey() },
    };
    const aliceFile = (await upload(h.url, [{ path: PREFETCH }], own)).json.file_ids[0][0];
    const publicFile = (await upload(h.url, [{ path: PREFETCH }])).json.file_ids[0][0];
    const aliceJob = (await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, own)).json.id;
    const publicJob = (await post(h.url, '/analysis/prefetch/parse', { file_ids: [publicFile] })).json.id;
    for (const [id, c] of [
      [aliceJob, own],
      [publicJob, {}],
    ] as const) {
      const done = await waitForJob(h.url, id, c);
      expect(done.json.status, done.text).toBe('Completed');
    }
    // A literal public address (registration resolves nothing) for failures only: Alice's jobs
    // complete, so nothing is ever sent to it (her first job's announcement may still be under way).
    const aliceWebhook = (await post(h.url, '/analysis/webhooks', { url: 'https://93.184.215.14/quarry-access', events: ['job.failed'] }, own)).json.id;
    fx = { aliceFile, publicFile, aliceJob, publicJob, aliceWebhook };
  });
  afterAll(async () => h?.stop());

  const rows = Object.entries(ACCESS) as [EndpointName, (typeof ACCESS)[EndpointName]][];
  test.each(rows)('%s', async (endpoint, row) => {
    const req = row.request(fx);
    const failures: string[] = [];
    for (const asker of ASKERS) {
      const want = row.refuse[asker];
      if (!Array.isArray(want) && 'allowed' in want) continue;
      const got = await send(h.url, req, creds[asker]);
      if (Array.isArray(want)) {
        const [status, template] = want;
        const message = template.replace('{aliceJob}', fx.aliceJob);
        const body = CONTRACT[endpoint].errors === 'json' ? got.json?.error : got.text;
        if (got.status !== status || body !== message) failures.push(`${asker}: want ${status} ${message}, got ${got.status} ${got.text.slice(0, 120)}`);
      } else if (got.status !== 200 || got.text.includes(fx[want.hides])) {
        failures.push(`${asker}: want 200 without ${want.hides}, got ${got.status} ${got.text.slice(0, 120)}`);
      }
    }
    // Public resources are open to anyone: an anonymous caller gets past every access check.
    if (req.publicBody !== undefined || req.publicPath !== undefined) {
      const anon = await send(h.url, req, {}, 'public');
      if ([401, 403, 404].includes(anon.status)) failures.push(`public, anonymous: refused ${anon.status} ${anon.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
