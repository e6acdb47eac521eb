import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { jobs } from '@quarry/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, type Reply } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const isText = (r: Reply) => r.contentType.startsWith('text/plain');
const isJson = (r: Reply) => r.contentType.startsWith('application/json');
const expectText = (r: Reply, status: number, body: string) => {
  expect([r.status, r.text]).toEqual([status, body]);
  expect(isText(r)).toBe(true);
};
const expectJson = (r: Reply, status: number, error: string) => {
  expect([r.status, r.json]).toEqual([status, { error }]);
  expect(isJson(r)).toBe(true);
};

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('every error path of the contract, status and exact body', () => {
  let h: Harness;
  let alice: { userId: string; token: string };
  let bob: { userId: string; token: string };
  const aliceKey = newClientKey();
  let aliceFile: string;
  let publicFile: string;

  beforeAll(async () => {
    h = await startHarness();
    alice = await createUser(h.db);
    bob = await createUser(h.db);
    aliceFile = (await upload(h.url, [{ path: PREFETCH }], { token: alice.token, key: aliceKey })).json.file_ids[0][0];
    publicFile = (await upload(h.url, [{ path: PREFETCH }])).json.file_ids[0][0];
  });
  afterAll(async () => h?.stop());

  describe('upload (plain text)', () => {
    test('malformed multipart', async () => {
      const r = await fetch(`${h.url}/upload`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\n\r\nunterminated',
      });
      expect(r.status).toBe(400);
      expect(await r.text()).toMatch(/^Failed to process multipart form: .+/);
    });
    test('not multipart at all', async () => {
      const r = await post(h.url, '/upload', { files: [] });
      expectText(r, 400, 'Failed to process multipart form: Content-Type must be multipart/form-data');
    });
    test('no files field', async () => {
      const form = new FormData();
      form.append('other', 'x');
      const r = await fetch(`${h.url}/upload`, { method: 'POST', body: form });
      expect([r.status, await r.text()]).toEqual([400, 'Failed to process multipart form: no file in field "files"']);
    });
    test('authenticated without key', async () => {
      expectText(await upload(h.url, [{ path: PREFETCH }], { token: alice.token }), 400, 'Encryption key is required');
    });
    test('bad token format', async () => {
      expectText(await upload(h.url, [{ path: PREFETCH }], { token: 'not-a-uuid' }), 400, 'X-Service-Api-Token must be a valid UUID v4');
      // A v1 UUID is well formed but not v4.
      expectText(
        await upload(h.url, [{ path: PREFETCH }], { token: 'c232ab00-9414-11ec-b3c8-9f6bdeced846' }),
        400,
        'X-Service-Api-Token must be a valid UUID v4',
      );
    });
    test('bad key format', async () => {
      expectText(await upload(h.url, [{ path: PREFETCH }], { token: alice.token, key: 'c2hvcnQ=' }), 400, 'X-Service-Api-Enc-Key is invalid');
    });
    test('unknown token', async () => {
      expectText(await upload(h.url, [{ path: PREFETCH }], { token: randomUUID(), key: newClientKey() }), 401, 'Unauthorized');
    });
  });

  describe('file list and delete (JSON)', () => {
    test('list without or with a bad token', async () => {
      expectJson(await get(h.url, '/analysis/file/list'), 401, 'Unauthorized');
      expectJson(await get(h.url, '/analysis/file/list', { token: randomUUID() }), 401, 'Unauthorized');
    });
    test('delete: bad ids, unauthorized, not found, not the owner, all-or-nothing', async () => {
      expectJson(await post(h.url, '/analysis/file/delete', { ids: ['nope'] }, { token: alice.token }), 400, 'Invalid file ID format');
      expectJson(await post(h.url, '/analysis/file/delete', {}, { token: alice.token }), 400, 'Invalid file ID format');
      expectJson(await post(h.url, '/analysis/file/delete', { ids: [aliceFile] }), 401, 'Unauthorized');
      expectJson(await post(h.url, '/analysis/file/delete', { ids: [randomUUID()] }, { token: alice.token }), 404, 'File not found');
      expectJson(await post(h.url, '/analysis/file/delete', { ids: [aliceFile] }, { token: bob.token }), 404, 'File not found');
      expectJson(await post(h.url, '/analysis/file/delete', { ids: [publicFile] }, { token: alice.token }), 404, 'File not found');
      // One bad id fails the whole call: alice's own file is still there.
      expectJson(await post(h.url, '/analysis/file/delete', { ids: [aliceFile, randomUUID()] }, { token: alice.token }), 404, 'File not found');
      expect((await get(h.url, '/analysis/file/list', { token: alice.token })).json.files.map((f: string[]) => f[0])).toContain(aliceFile);
    });
  });

  describe('parse endpoints (JSON)', () => {
    const many = (n: number) => Array.from({ length: n }, () => randomUUID());
    test('no ids', async () => {
      for (const c of ['winevtx', 'registry', 'prefetch']) {
        expectJson(await post(h.url, `/analysis/${c}/parse`, { file_ids: [], run_sigma_rules: false }), 400, 'No file IDs provided');
        expectJson(await post(h.url, `/analysis/${c}/parse`, { run_sigma_rules: false }), 400, 'No file IDs provided');
      }
    });
    test('too many ids and per-category file limits', async () => {
      expectJson(await post(h.url, '/analysis/winevtx/parse', { file_ids: many(101), run_sigma_rules: false }), 400, 'Too many file IDs provided');
      expectJson(await post(h.url, '/analysis/registry/parse', { file_ids: many(51) }), 400, 'Max registry analysis file limit exceeded');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: many(101) }), 400, 'Max prefetch analysis file limit exceeded');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: many(1001) }), 400, 'Too many file IDs provided');
    });
    test('run_sigma_rules is required for EVTX', async () => {
      expectJson(await post(h.url, '/analysis/winevtx/parse', { file_ids: [publicFile] }), 400, 'run_sigma_rules must be a boolean');
    });
    test('file not accessible', async () => {
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [randomUUID()] }), 400, 'Failed to download file');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: ['bad-id'] }), 400, 'Failed to download file');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, { token: bob.token, key: aliceKey }), 400, 'Failed to download file');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }), 400, 'Failed to download file');
    });
    test('encrypted input needs the right key', async () => {
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, { token: alice.token }), 400, 'Encryption key is required');
      expectJson(
        await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, { token: alice.token, key: newClientKey() }),
        400,
        'Failed to download file',
      );
    });
    test('unauthorized', async () => {
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [publicFile] }, { token: randomUUID() }), 401, 'Unauthorized');
      expectJson(await post(h.url, '/analysis/prefetch/parse', { file_ids: [publicFile] }, { token: 'malformed' }), 401, 'Unauthorized');
    });
    test('body is not JSON', async () => {
      expectJson(await post(h.url, '/analysis/prefetch/parse', '{nope'), 400, 'Request body must be a JSON object');
    });
  });

  describe('job status and delete (plain text)', () => {
    test('status: not found, bad token, private without or with a wrong key', async () => {
      const id = randomUUID();
      expectText(await get(h.url, `/analysis/job/${id}`), 404, `Job with ID ${id} not found`);
      expectText(await get(h.url, `/analysis/job/${id}`, { token: 'bad' }), 401, 'Unauthorized');
      const created = await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, { token: alice.token, key: aliceKey });
      expect(created.status).toBe(200);
      const jobId = created.json.id;
      expectText(await get(h.url, `/analysis/job/${jobId}`, { token: alice.token }), 403, 'Encryption key required');
      expectText(await get(h.url, `/analysis/job/${jobId}`, { token: alice.token, key: newClientKey() }), 403, 'Encryption key is invalid for this job');
      // Someone else, even with the right key, sees nothing; so does an anonymous caller.
      expectText(await get(h.url, `/analysis/job/${jobId}`, { token: bob.token, key: aliceKey }), 404, `Job with ID ${jobId} not found`);
      expectText(await get(h.url, `/analysis/job/${jobId}`, { key: aliceKey }), 404, `Job with ID ${jobId} not found`);
      const ok = await get(h.url, `/analysis/job/${jobId}`, { token: alice.token, key: aliceKey });
      expect(ok.status).toBe(200);
      expect(['Pending', 'Processing']).toContain(ok.json.status);
      expect(ok.json.insights).toBeUndefined();
    });
    test('delete: bad ids, unauthorized, not found, not the owner', async () => {
      expectText(await post(h.url, '/analysis/job/delete', { ids: ['x'] }, { token: alice.token }), 400, 'Invalid job ID format');
      expectText(await post(h.url, '/analysis/job/delete', { ids: [randomUUID()] }), 401, 'Unauthorized');
      expectText(await post(h.url, '/analysis/job/delete', { ids: [randomUUID()] }, { token: alice.token }), 404, 'Job ID not found');
      const created = await post(h.url, '/analysis/prefetch/parse', { file_ids: [aliceFile] }, { token: alice.token, key: aliceKey });
      expectText(await post(h.url, '/analysis/job/delete', { ids: [created.json.id] }, { token: bob.token }), 404, 'Job ID not found');
      expect(await jobs.get(h.db, created.json.id)).not.toBeNull();
    });
    test('list jobs needs a token', async () => {
      expectJson(await get(h.url, '/analysis/job/list'), 401, 'Unauthorized');
    });
  });
});
