import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEGMENT_SIZE, decryptToBuffer, unwrapKey } from '@quarry/crypto';
import { files } from '@quarry/db';
import {
  UploadStaging,
  appendResumableUpload,
  createResumableUpload,
  expireResumableUploads,
  getResumableUpload,
  removeResumableUpload,
  type ResumableDeps,
} from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
let deps: ResumableDeps;
const stagingDir = mkdtempSync(join(tmpdir(), 'quarry-staging-'));
beforeAll(async () => {
  f = await serviceFixture();
  deps = { db: f.db, blobs: f.deps.blobs, staging: new UploadStaging(stagingDir) };
});
afterAll(async () => {
  await f?.close();
  rmSync(stagingDir, { recursive: true, force: true });
});

/** Chunks of `data` that stop (as a dropped connection does) after `cut` bytes. */
async function* upTo(data: Buffer, from: number, cut: number, chunk = 10_000): AsyncGenerator<Buffer> {
  for (let at = from; at < Math.min(cut, data.length); at += chunk) yield data.subarray(at, Math.min(at + chunk, cut));
  if (cut < data.length) throw new Error('connection reset');
}

/** True when any 48-byte window sampled across `plain` appears in a file under `dir`. */
function plaintextOnDisk(dir: string, plain: Buffer): boolean {
  const needles = Array.from({ length: 16 }, (_, i) => plain.subarray(Math.floor((i * plain.length) / 16), Math.floor((i * plain.length) / 16) + 48));
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const content = readFileSync(join(entry.parentPath, entry.name));
    if (needles.some((n) => n.length === 48 && content.includes(n))) return true;
  }
  return false;
}

describe('resumable uploads', () => {
  test('a private upload cut half-way keeps only sealed segments, resumes with the same key, and becomes a file like POST /upload makes', async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const plain = randomBytes(5 * SEGMENT_SIZE + 1234);
    const who = { caller, clientKey: key };
    const up = await createResumableUpload(deps, who, { fileName: 'Security.evtx', size: plain.length });

    const half = Math.floor(plain.length / 2);
    const first = await appendResumableUpload(deps, who, { id: up.id, offset: 0, content: upTo(plain, 0, half) });
    // Only whole segments count: the part segment that arrived was held in memory and dropped.
    expect(first.offset).toBe(Math.floor(half / SEGMENT_SIZE) * SEGMENT_SIZE);
    expect(plaintextOnDisk(stagingDir, plain)).toBe(false);
    expect((await getResumableUpload(deps, who, up.id)).offset).toBe(first.offset);

    // Someone else, or the owner without the key or with another one, cannot resume it.
    const other = await f.newCaller();
    await expect(getResumableUpload(deps, { caller: other.caller, clientKey: key }, up.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getResumableUpload(deps, { caller, clientKey: null }, up.id)).rejects.toMatchObject({ code: 'KEY_REQUIRED' });
    await expect(getResumableUpload(deps, { caller, clientKey: randomBytes(32) }, up.id)).rejects.toMatchObject({ code: 'WRONG_KEY' });
    await expect(appendResumableUpload(deps, who, { id: up.id, offset: 3, content: upTo(plain, 3, plain.length) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    const done = await appendResumableUpload(deps, who, { id: up.id, offset: first.offset, content: upTo(plain, first.offset, plain.length, 7777) });
    expect(done.offset).toBe(plain.length);
    expect(done.fileId).toMatch(/^[0-9a-f-]{36}$/);
    const row = (await files.get(f.db, done.fileId!))!;
    const sha = createHash('sha256').update(plain).digest('hex');
    expect(row).toMatchObject({
      ownerId: caller.userId,
      originalName: 'Security.evtx',
      size: BigInt(plain.length),
      sha256: sha,
      visibility: 'private',
      encrypted: true,
    });
    const stored = await decryptToBuffer(f.deps.blobs.get(row.blobKey), unwrapKey(row.wrappedKey!, key));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sha);
    expect(plaintextOnDisk(stagingDir, plain)).toBe(false);
    // The record stays until expiry so a client that missed the last answer can learn the file id.
    expect(await getResumableUpload(deps, who, up.id)).toMatchObject({ offset: plain.length, fileId: done.fileId });
  });

  test("upload rules are POST /upload's: signed in needs a key; anonymous is public and plain; the size is capped", async () => {
    const { caller } = await f.newCaller();
    await expect(createResumableUpload(deps, { caller, clientKey: null }, { fileName: 'a', size: 10 })).rejects.toMatchObject({ code: 'KEY_REQUIRED' });
    // The largest job's total, a triage collection's 4 GiB, and not a byte more.
    await expect(createResumableUpload(deps, { caller: f.anonymous, clientKey: null }, { fileName: 'a', size: 4 * 2 ** 30 + 1 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large: the limit is 4 GB per resumable upload',
    });
    const anon = { caller: f.anonymous, clientKey: null };
    const plain = randomBytes(3000);
    const up = await createResumableUpload(deps, anon, { fileName: 'p.pf', size: plain.length });
    const cut = await appendResumableUpload(deps, anon, { id: up.id, offset: 0, content: upTo(plain, 0, 1001, 100) });
    expect(cut.offset).toBe(1001); // plain bytes are kept as they arrive
    const done = await appendResumableUpload(deps, anon, { id: up.id, offset: 1001, content: upTo(plain, 1001, plain.length) });
    expect(await files.get(f.db, done.fileId!)).toMatchObject({ ownerId: null, visibility: 'public', encrypted: false, size: 3000n });
    await expect(appendResumableUpload(deps, anon, { id: up.id, offset: 3000, content: upTo(plain, 0, 1) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('empty and exactly-one-segment private uploads finish and decrypt', async () => {
    const { caller } = await f.newCaller();
    const who = { caller, clientKey: randomBytes(32) };
    for (const size of [0, SEGMENT_SIZE]) {
      const plain = randomBytes(size);
      const up = await createResumableUpload(deps, who, { fileName: `s${size}`, size });
      const done = await appendResumableUpload(deps, who, { id: up.id, offset: 0, content: upTo(plain, 0, size) });
      const row = (await files.get(f.db, done.fileId!))!;
      expect((await decryptToBuffer(f.deps.blobs.get(row.blobKey), unwrapKey(row.wrappedKey!, who.clientKey))).equals(plain)).toBe(true);
    }
  });

  test('abandoned uploads expire; an owner can also remove one at once', async () => {
    const { caller } = await f.newCaller();
    const who = { caller, clientKey: randomBytes(32) };
    const old = await createResumableUpload(deps, who, { fileName: 'old', size: 100 });
    const gone = await createResumableUpload(deps, who, { fileName: 'gone', size: 100 });
    await removeResumableUpload(deps, who, gone.id);
    await expect(getResumableUpload(deps, who, gone.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await expireResumableUploads(deps, 60_000, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    await expect(getResumableUpload(deps, who, old.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(readdirSync(stagingDir).filter((n) => n.startsWith(old.id))).toEqual([]);
  });
});
