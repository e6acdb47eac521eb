import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { FileCache, S3BlobStore, assertFileName, createBlobStore, sharedFilesFor, type BlobStore, type ByteRange, type SharedFiles } from '../src/index.js';
import { startTestMinio, type TestMinio } from './support/minio.js';

let minio: TestMinio;
let root: string;
let remote: CountingStore;
beforeAll(async () => {
  minio = await startTestMinio();
}, 300_000);
afterAll(async () => {
  await minio?.stop();
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quarry-file-cache-'));
  remote = new CountingStore(
    new S3BlobStore({ client: minio.client, bucket: minio.bucket, prefix: `files-${randomBytes(4).toString('hex')}/`, assertKey: assertFileName }),
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The real S3 store, counting downloads (so tests can tell a cache hit from a fetch). */
class CountingStore implements BlobStore {
  gets = 0;
  constructor(readonly inner: S3BlobStore) {}
  put = (key: string, source: Readable | AsyncIterable<Uint8Array>) => this.inner.put(key, source);
  get = (key: string, range?: ByteRange) => (this.gets++, this.inner.get(key, range));
  delete = (key: string) => this.inner.delete(key);
  exists = (key: string) => this.inner.exists(key);
  list = () => this.inner.list();
}

const node = (name: string, maxBytes = 1_000_000) => new FileCache({ remote, dir: join(root, name), maxBytes });

/** Builds a file of `size` bytes in the cache's scratch dir and publishes it; returns the content. */
async function publish(cache: SharedFiles, name: string, size = 1000): Promise<Buffer> {
  const data = randomBytes(size);
  const file = join(cache.scratchDir, `${name}.building`);
  await writeFile(file, data);
  await cache.publish(name, file);
  return data;
}

const cached = async (cache: string) => (await readdir(join(root, cache))).filter((n) => !n.startsWith('.')).sort();

describe('FileCache on MinIO', () => {
  test('a file published on one node is fetched by another on demand, then served locally', async () => {
    const writer = node('worker');
    const data = await publish(writer, 'job-1.winevtx.db');
    expect(existsSync(join(writer.scratchDir, 'job-1.winevtx.db.building'))).toBe(false);
    expect(await cached('worker')).toEqual(['job-1.winevtx.db']);
    const reader = node('api');
    const lease = await reader.acquire('job-1.winevtx.db');
    expect(lease).not.toBeNull();
    expect((await readFile(lease!.path)).equals(data)).toBe(true);
    lease!.release();
    await reader.acquire('job-1.winevtx.db');
    expect(remote.gets).toBe(1);
    await minio.client.send(new HeadObjectCommand({ Bucket: minio.bucket, Key: `${remote.inner.prefix}job-1.winevtx.db` }));
  });

  test('list() names what any node published (the object store), not what this node caches', async () => {
    const writer = node('worker');
    await publish(writer, 'job-1.winevtx.db');
    await publish(writer, 'job-2.prefetch.db');
    const listed = [];
    for await (const { name } of node('api').list()) listed.push(name);
    expect(listed.sort()).toEqual(['job-1.winevtx.db', 'job-2.prefetch.db']);
    expect(await cached('api')).toEqual([]);
  });

  test('dropDeleted() drops copies of files another node deleted, once no reader holds them', async () => {
    const writer = node('worker');
    for (const n of ['kept', 'gone', 'held']) await publish(writer, n);
    const api = node('api');
    (await api.acquire('kept'))!.release();
    (await api.acquire('gone'))!.release();
    const held = (await api.acquire('held'))!;
    await writer.delete('gone');
    await writer.delete('held');
    expect(await api.dropDeleted()).toBe(1);
    expect(await cached('api')).toEqual(['held', 'kept']);
    expect((await readFile(held.path)).length).toBe(1000);
    held.release();
    expect(await api.dropDeleted()).toBe(1);
    expect(await cached('api')).toEqual(['kept']);
    expect(api.cachedBytes).toBe(1000);
  });

  test('a name nobody published is null, and is not cached', async () => {
    expect(await node('api').acquire('job-404.prefetch.db')).toBeNull();
    expect(await cached('api')).toEqual([]);
  });

  test('least recently used unleased files are evicted past the bound', async () => {
    const writer = node('worker', 10_000_000);
    for (const n of ['a', 'b', 'c', 'd']) await publish(writer, n);
    const api = node('api', 3000);
    for (const n of ['a', 'b', 'c']) (await api.acquire(n))!.release();
    expect(await cached('api')).toEqual(['a', 'b', 'c']);
    (await api.acquire('a'))!.release(); // a is now the most recent
    (await api.acquire('d'))!.release();
    expect(await cached('api')).toEqual(['a', 'c', 'd']);
    expect(api.cachedBytes).toBe(3000);
    expect(remote.gets).toBe(4);
    (await api.acquire('b'))!.release();
    expect(remote.gets).toBe(5);
    expect(await cached('api')).toEqual(['a', 'b', 'd']);
  });

  test('a leased file is never evicted; the bound is exceeded until it is released', async () => {
    const writer = node('worker', 10_000_000);
    for (const n of ['a', 'b', 'c']) await publish(writer, n);
    const api = node('api', 2000);
    const a = (await api.acquire('a'))!;
    const b = (await api.acquire('b'))!;
    const c = (await api.acquire('c'))!;
    expect(await cached('api')).toEqual(['a', 'b', 'c']);
    expect(api.cachedBytes).toBe(3000);
    a.release();
    a.release(); // idempotent
    await new Promise((r) => setTimeout(r, 50));
    expect(await cached('api')).toEqual(['b', 'c']);
    b.release();
    c.release();
  });

  test('concurrent acquires of one name share one download', async () => {
    await publish(node('worker'), 'big', 3_000_000);
    const api = node('api');
    const leases = await Promise.all(Array.from({ length: 5 }, () => api.acquire('big')));
    expect(new Set(leases.map((l) => l!.path)).size).toBe(1);
    expect(remote.gets).toBe(1);
  });

  test('delete removes the file from the object store and the local cache', async () => {
    const writer = node('worker');
    await publish(writer, 'job-2.registry.db');
    await writer.delete('job-2.registry.db');
    expect(await cached('worker')).toEqual([]);
    expect(await node('api').acquire('job-2.registry.db')).toBeNull();
    await expect(writer.delete('job-2.registry.db')).resolves.toBeUndefined();
  });

  test('a restarted node keeps the files it had cached, and sweeps nothing else', async () => {
    const writer = node('worker');
    const data = await publish(writer, 'kept');
    const restarted = node('worker');
    const lease = await restarted.acquire('kept');
    expect((await readFile(lease!.path)).equals(data)).toBe(true);
    expect(restarted.cachedBytes).toBe(1000);
    expect(remote.gets).toBe(0);
  });

  test('names are checked: no separators, no leading dot', async () => {
    const api = node('api');
    await expect(api.acquire('../x')).rejects.toMatchObject({ code: 'INVALID_KEY' });
    await expect(api.acquire('.hidden')).rejects.toMatchObject({ code: 'INVALID_KEY' });
    await expect(api.delete('a/b')).rejects.toMatchObject({ code: 'INVALID_KEY' });
  });

  test('sharedFilesFor puts files beside the blobs in the same bucket, under <prefix>/files/', async () => {
    const blobs = await createBlobStore(minio.settings('deploy-b'));
    const files = sharedFilesFor(blobs, { cacheDir: join(root, 'cache'), maxBytes: 1_000_000 });
    expect(files).toBeInstanceOf(FileCache);
    await publish(files, 'job-3.prefetch.db');
    await minio.client.send(new HeadObjectCommand({ Bucket: minio.bucket, Key: 'deploy-b/files/job-3.prefetch.db' }));
  });
});
