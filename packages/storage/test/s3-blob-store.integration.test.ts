import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3BlobStore, StorageError, createBlobStore, createS3Client, newBlobKey, type S3BlobStoreOptions } from '../src/index.js';
import { startTestMinio, type TestMinio } from './support/minio.js';

const MIB = 1024 * 1024;
let minio: TestMinio;
let store: S3BlobStore;
const storeWith = (options: Partial<S3BlobStoreOptions> = {}) =>
  new S3BlobStore({ client: minio.client, bucket: minio.bucket, prefix: 'blobs/', partSize: 5 * MIB, queueSize: 2, ...options });

beforeAll(async () => {
  minio = await startTestMinio();
  store = storeWith();
}, 300_000);
afterAll(async () => {
  await minio?.stop();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** `total` bytes made as they are read, `chunk` at a time, so the source itself holds no memory. */
function lazySource(total: number, chunk = 256 * 1024, failAfter = Infinity): Readable {
  let made = 0;
  return new Readable({
    read() {
      if (made >= failAfter) return this.destroy(new Error('source broke'));
      if (made >= total) return this.push(null);
      const n = Math.min(chunk, total - made);
      made += n;
      this.push(Buffer.alloc(n, made & 0xff));
    },
  });
}

/** Everything left in the bucket under the store's prefix: objects and unfinished multipart uploads. */
async function leftovers(): Promise<{ objects: string[]; uploads: string[] }> {
  const objects = await minio.client.send(new ListObjectsV2Command({ Bucket: minio.bucket, Prefix: 'blobs/' }));
  const uploads = await minio.client.send(new ListMultipartUploadsCommand({ Bucket: minio.bucket, Prefix: 'blobs/' }));
  return { objects: (objects.Contents ?? []).map((o) => o.Key!), uploads: (uploads.Uploads ?? []).map((u) => u.Key!) };
}

// The garbage collector, exposed at run time (a fresh context picks the flag up): the memory test
// measures live buffers, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Samples live memory outside the V8 heap (where stream buffers live) while `work` runs; returns the peak rise. */
async function peakBufferGrowth(work: () => Promise<unknown>): Promise<number> {
  gc();
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak - base;
}

describe('S3BlobStore on MinIO', () => {
  test('list() pages through every blob under its prefix with its write time, skipping other names', async () => {
    const own = storeWith({ prefix: `list-${randomBytes(4).toString('hex')}/` });
    const keys = Array.from({ length: 5 }, () => newBlobKey());
    const before = Date.now() - 2000;
    for (const key of keys) await own.put(key, Readable.from([Buffer.from(key)]));
    // Under the prefix but not a blob key, and a sibling prefix that starts the same: neither is listed.
    await minio.client.send(new PutObjectCommand({ Bucket: minio.bucket, Key: `${own.prefix}not.a.key`, Body: 'x' }));
    await storeWith({ prefix: `${own.prefix.slice(0, -1)}x/` }).put(newBlobKey(), Readable.from([Buffer.from('x')]));
    // Two keys a page: the listing follows continuation tokens.
    const paged = new S3BlobStore({ client: minio.client, bucket: minio.bucket, prefix: own.prefix, pageSize: 2 });
    const listed = [];
    for await (const entry of paged.list()) listed.push(entry);
    expect(listed.map((e) => e.key).sort()).toEqual([...keys].sort());
    for (const e of listed) expect(e.modifiedMs).toBeGreaterThan(before);
  });

  test.each([0, 1, 65_537, 5 * MIB + 3, 12 * MIB])('round trip of %i bytes', async (size) => {
    const data = randomBytes(size);
    const key = newBlobKey();
    expect(await store.exists(key)).toBe(false);
    expect(await store.put(key, Readable.from([data.subarray(0, size >> 1), data.subarray(size >> 1)]))).toEqual({ size });
    expect(await store.exists(key)).toBe(true);
    expect((await readAll(store.get(key))).equals(data)).toBe(true);
    const head = await minio.client.send(new HeadObjectCommand({ Bucket: minio.bucket, Key: `blobs/${key}` }));
    // Past one part the upload is multipart: S3 ETags of those end in -<parts>.
    expect(head.ETag?.includes('-3"')).toBe(size === 12 * MIB);
  });

  test('a 96 MiB multipart upload and its read stay within a few parts of memory', async () => {
    const key = newBlobKey();
    const total = 96 * MIB;
    const up = await peakBufferGrowth(() => store.put(key, lazySource(total)));
    let read = 0;
    const down = await peakBufferGrowth(async () => {
      for await (const chunk of storeWith({ readWindow: 4 * MIB }).get(key)) read += (chunk as Buffer).length;
    });
    expect(read).toBe(total);
    console.log(`96 MiB through S3BlobStore: peak live buffers ${(up / MIB).toFixed(1)} MiB up, ${(down / MIB).toFixed(1)} MiB down`);
    // Measured flat in the size moved (36.5 MiB up at 96 and at 256 MiB): the SDK holds each part
    // in flight (queueSize 2), the part being gathered and its concatenated copy, a few × 5 MiB.
    // Down: one 4 MiB window in flight plus stream buffers.
    expect(up).toBeLessThan(48 * MIB);
    expect(down).toBeLessThan(32 * MIB);
    await store.delete(key);
  });

  test('ranged reads, within and across read windows, and past the end', async () => {
    const data = randomBytes(200_000);
    const key = newBlobKey();
    await store.put(key, Readable.from([data]));
    const small = storeWith({ readWindow: 65_536 });
    for (const s of [store, small]) {
      expect((await readAll(s.get(key, { offset: 0, length: 10 }))).equals(data.subarray(0, 10))).toBe(true);
      expect((await readAll(s.get(key, { offset: 65_530, length: 20 }))).equals(data.subarray(65_530, 65_550))).toBe(true);
      expect((await readAll(s.get(key, { offset: 1000, length: 150_000 }))).equals(data.subarray(1000, 151_000))).toBe(true);
      expect((await readAll(s.get(key, { offset: 199_990 }))).equals(data.subarray(199_990))).toBe(true);
      expect((await readAll(s.get(key, { offset: 199_990, length: 100 }))).equals(data.subarray(199_990))).toBe(true);
      expect((await readAll(s.get(key, { offset: 200_000 }))).length).toBe(0);
      expect((await readAll(s.get(key, { offset: 5, length: 0 }))).length).toBe(0);
      expect((await readAll(s.get(key))).equals(data)).toBe(true);
    }
    expect(() => store.get(key, { offset: -1 })).toThrow(RangeError);
  });

  test('delete removes the object and is idempotent', async () => {
    const key = newBlobKey();
    await store.put(key, Readable.from([Buffer.from('evidence')]));
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect((await leftovers()).objects).not.toContain(`blobs/${key}`);
  });

  test('a missing key fails the stream with StorageError NOT_FOUND', async () => {
    const key = newBlobKey();
    const err = await readAll(store.get(key)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', key });
    await expect(readAll(store.get(key, { offset: 10 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('invalid keys are refused before any request', async () => {
    expect(() => store.get('../etc/passwd')).toThrow(expect.objectContaining({ code: 'INVALID_KEY' }));
    await expect(store.put('a/b', Readable.from([]))).rejects.toMatchObject({ code: 'INVALID_KEY' });
  });

  test.each([
    ['before the first part is full', 1 * MIB],
    ['after parts were uploaded', 13 * MIB],
  ])('a source that fails %s leaves no object and no multipart upload', async (_what, failAfter) => {
    const before = await leftovers();
    const key = newBlobKey();
    await expect(store.put(key, lazySource(40 * MIB, 256 * 1024, failAfter))).rejects.toThrow('source broke');
    expect(await store.exists(key)).toBe(false);
    expect(await leftovers()).toEqual(before);
  });

  test('an aborted put leaves nothing behind', async () => {
    const before = await leftovers();
    const key = newBlobKey();
    const controller = new AbortController();
    const source = lazySource(64 * MIB);
    let seen = 0;
    source.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 11 * MIB) controller.abort(new Error('client went away'));
    });
    await expect(store.put(key, source, { signal: controller.signal })).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
    expect(await leftovers()).toEqual(before);
  });

  test('a blob replaced between two ranged reads fails with CHANGED instead of splicing versions', async () => {
    const key = newBlobKey();
    await store.put(key, Readable.from([randomBytes(300_000)]));
    const stream = storeWith({ readWindow: 65_536 }).get(key);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await store.put(key, Readable.from([randomBytes(300_000)]));
    const err = await (async () => {
      for (;;) if ((await iterator.next()).done) return null;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CHANGED', key });
  });

  test('a connection dropped mid-body resumes from the byte it stopped at', async () => {
    const data = randomBytes(1_000_000);
    const key = newBlobKey();
    await store.put(key, Readable.from([data]));
    const faulty = createS3Client({
      region: 'us-east-1',
      endpoint: minio.endpoint,
      forcePathStyle: true,
      accessKeyId: minio.accessKeyId,
      secretAccessKey: minio.secretAccessKey,
    });
    let broken = 0;
    // Cuts the first two GET bodies after 100,000 bytes, as a reset connection would.
    faulty.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName !== 'GetObjectCommand' || broken >= 2) return result;
        broken++;
        const body = (result.output as { Body: AsyncIterable<Uint8Array> & { destroy(): void } }).Body;
        (result.output as { Body: unknown }).Body = (async function* () {
          let sent = 0;
          for await (const chunk of body) {
            const room = 100_000 - sent;
            if (room <= 0) break;
            yield chunk.subarray(0, room);
            sent += Math.min(room, chunk.length);
          }
          body.destroy();
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        })();
        return result;
      },
      { step: 'initialize', name: 'cutBodies' },
    );
    const s = new S3BlobStore({ client: faulty, bucket: minio.bucket, prefix: 'blobs/', readWindow: 400_000 });
    expect((await readAll(s.get(key))).equals(data)).toBe(true);
    expect(broken).toBe(2);
    faulty.destroy();
  });
});

describe('createBlobStore on MinIO', () => {
  test('BLOB_URL selects S3 under <prefix>/blobs/, checked at creation', async () => {
    const blobs = await createBlobStore(minio.settings('deploy-a'));
    expect(blobs).toBeInstanceOf(S3BlobStore);
    expect(blobs.location).toBe(`s3://${minio.bucket}/deploy-a/blobs/`);
    const key = newBlobKey();
    await blobs.put(key, Readable.from([Buffer.from('x')]));
    const listed = await minio.client.send(new ListObjectsV2Command({ Bucket: minio.bucket, Prefix: 'deploy-a/' }));
    // The write probe of the check is gone; only our blob remains.
    expect((listed.Contents ?? []).map((o) => o.Key)).toEqual([`deploy-a/blobs/${key}`]);
  });

  test('wrong credentials or a missing bucket fail the start-up check with UNAVAILABLE and say why', async () => {
    const wrongKey = createBlobStore({ ...minio.settings(), AWS_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrongKey).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/not reachable with the configured credentials: .*403/),
    });
    const noBucket = createBlobStore({ ...minio.settings(), BLOB_URL: 's3://no-such-bucket/x' });
    await expect(noBucket).rejects.toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('s3://no-such-bucket/x/blobs/') });
    // Without the check the store is created, and the first use fails instead.
    await expect(createBlobStore({ ...minio.settings(), BLOB_URL: 's3://no-such-bucket/x' }, { check: false })).resolves.toBeInstanceOf(S3BlobStore);
  });
});
