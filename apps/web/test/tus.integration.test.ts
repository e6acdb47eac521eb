import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { decryptToBuffer, unwrapKey } from '@quarry/crypto';
import { createDb, files, migrate, tokens, users, type Db } from '@quarry/db';
import { startPostgres, type RunningPostgres } from '@quarry/devstack';
import { FsBlobStore } from '@quarry/storage';
import { UploadStaging } from '@quarry/api';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { FILE_ID_HEADER, createTusHandler } from '../src/tus/tus-handler.js';

const dataDir = mkdtempSync(join(tmpdir(), 'quarry-tus-'));
// PostgreSQL runs as its own user when the tests run as root: it must be able to enter this dir.
chmodSync(dataDir, 0o711);
const blobDir = join(dataDir, 'blobs');
const stagingDir = join(dataDir, 'uploads');
let pg: RunningPostgres;
let db: Db;
let server: ServerType;
let endpoint: string;
let blobs: FsBlobStore;

beforeAll(async () => {
  pg = await startPostgres({ dataDir: join(dataDir, 'db'), ephemeral: true });
  await migrate(pg.url);
  db = createDb(pg.url);
  blobs = new FsBlobStore(blobDir);
  const handler = createTusHandler({ db, blobs, staging: new UploadStaging(stagingDir), log: createLogger('tus-test', { level: 'silent' }) });
  const app = new Hono();
  app.all(HTTP_PATHS.tus, (c) => handler.handle(c.req.raw));
  app.all(`${HTTP_PATHS.tus}/*`, (c) => handler.handle(c.req.raw));
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${HTTP_PATHS.tus}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newToken(): Promise<string> {
  const user = await users.create(db, { name: `tus-${randomBytes(4).toString('hex')}`, tier: 'pro' });
  return (await tokens.create(db, { userId: user.id })).token;
}

interface Sent {
  url: string;
  fileId: string | null;
}

/** Uploads `data` with tus-js-client; with `abortAt`, aborts once that many bytes were sent. */
function send(data: Buffer, headers: Record<string, string>, opts: { uploadUrl?: string; abortAt?: number } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(data, {
      endpoint,
      uploadUrl: opts.uploadUrl ?? null,
      headers,
      metadata: { filename: 'Security.evtx' },
      retryDelays: [],
      chunkSize: 4 * 1024 * 1024,
      onProgress: (sent) => {
        if (opts.abortAt !== undefined && sent >= opts.abortAt) {
          void upload.abort().then(() => resolve({ url: upload.url!, fileId: null }));
        }
      },
      onSuccess: ({ lastResponse }) => resolve({ url: upload.url!, fileId: lastResponse.getHeader(FILE_ID_HEADER) ?? null }),
      onError: reject,
    });
    upload.start();
  });
}

/** True when any of 16 windows sampled across `plain` is found in a file under `dir`. */
function plaintextUnder(dir: string, plain: Buffer): boolean {
  const needles = Array.from({ length: 16 }, (_, i) => plain.subarray(Math.floor((i * plain.length) / 16)).subarray(0, 48));
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some(
    (e) => e.isFile() && needles.some((n) => readFileSync(join(e.parentPath, e.name)).includes(n)),
  );
}

describe('tus uploads', () => {
  test('a private upload interrupted half-way leaves no plaintext on disk and resumes, with the same token and key, to a file with the original sha256', async () => {
    const token = await newToken();
    const key = randomBytes(32).toString('base64');
    const plain = randomBytes(24 * 1024 * 1024 + 4321);
    const headers = { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': key };

    const first = await send(plain, headers, { abortAt: plain.length / 2 });
    expect(first.fileId).toBeNull();
    const head = await fetch(new URL(first.url, endpoint), { method: 'HEAD', headers: { ...headers, 'Tus-Resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(plain.length);
    expect(plaintextUnder(dataDir, plain)).toBe(false);

    // Without the key, with another key, or as someone else: no resuming.
    const tusHead = (h: Record<string, string>) => fetch(new URL(first.url, endpoint), { method: 'HEAD', headers: { ...h, 'Tus-Resumable': '1.0.0' } });
    expect((await tusHead({ 'X-Service-Api-Token': token })).status).toBe(400);
    expect((await tusHead({ 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': randomBytes(32).toString('base64') })).status).toBe(403);
    expect((await tusHead({ 'X-Service-Api-Token': await newToken(), 'X-Service-Api-Enc-Key': key })).status).toBe(404);

    const done = await send(plain, headers, { uploadUrl: first.url });
    expect(done.fileId).toMatch(/^[0-9a-f-]{36}$/);
    const row = (await files.get(db, done.fileId!))!;
    const sha = createHash('sha256').update(plain).digest('hex');
    expect(row).toMatchObject({ sha256: sha, size: BigInt(plain.length), visibility: 'private', encrypted: true, originalName: 'Security.evtx' });
    const stored = await decryptToBuffer(blobs.get(row.blobKey), unwrapKey(row.wrappedKey!, Buffer.from(key, 'base64')));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sha);
    expect(plaintextUnder(dataDir, plain)).toBe(false);
  });

  test('the rules of POST /upload: signed in without a key is refused; anonymous uploads are public; bad tokens are refused; a 4 GiB collection is taken, one byte more is too large', async () => {
    const post = (h: Record<string, string>, length = 10) =>
      fetch(endpoint, { method: 'POST', headers: { ...h, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length) } });
    const noKey = await post({ 'X-Service-Api-Token': await newToken() });
    expect([noKey.status, await noKey.text()]).toEqual([400, 'Encryption key is required']);
    expect((await post({ 'X-Service-Api-Token': 'nope' })).status).toBe(400);
    expect((await post({ 'X-Service-Api-Token': '3f1b6a2e-8c4d-4e5f-9a6b-7c8d9e0f1a2b' })).status).toBe(401);
    // The largest job's total (a triage collection, 4 GiB): created, then ended by the client.
    const largest = await post({}, 4 * 2 ** 30);
    expect(largest.status).toBe(201);
    const ended = await fetch(new URL(largest.headers.get('location')!, endpoint), { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(ended.status).toBe(204);
    expect((await post({}, 4 * 2 ** 30 + 1)).status).toBe(413);
    expect((await fetch(`${endpoint}/abc`)).status).toBe(405);

    const plain = randomBytes(1000);
    const done = await send(plain, {});
    expect(await files.get(db, done.fileId!)).toMatchObject({ ownerId: null, visibility: 'public', encrypted: false, size: 1000n });
  });
});
