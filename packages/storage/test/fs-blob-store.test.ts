import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FsBlobStore, StorageError, isValidBlobKey, newBlobKey } from '../src/index.js';

let root: string;
let store: FsBlobStore;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quarry-blobs-'));
  store = new FsBlobStore(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Every file under root, relative, so tests can see leftovers (temp files included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe('FsBlobStore', () => {
  test('list() yields every complete blob with its write time, and nothing else under the root', async () => {
    const keys = [newBlobKey(), newBlobKey()];
    for (const key of keys) await store.put(key, Readable.from([Buffer.from('x')]));
    await utimes(store.pathOf(keys[0]!), new Date(2001, 0, 1), new Date(2001, 0, 1));
    // Not blobs: a temp file of an interrupted put, a stray file in a shard, a foreign directory.
    await writeFile(join(root, keys[1]!.slice(0, 2), keys[1]!.slice(2, 4), `.${keys[1]}.abc.tmp`), 'partial');
    await writeFile(join(root, keys[1]!.slice(0, 2), keys[1]!.slice(2, 4), 'not.a.key'), 'x');
    await mkdir(join(root, 'record-stores'));
    await writeFile(join(root, 'record-stores', 'job.winevtx.db'), 'x');
    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.map((e) => e.key).sort()).toEqual([...keys].sort());
    expect(listed.find((e) => e.key === keys[0])!.modifiedMs).toBe(new Date(2001, 0, 1).getTime());
    const empty = [];
    for await (const entry of new FsBlobStore(join(root, 'missing')).list()) empty.push(entry);
    expect(empty).toEqual([]);
  });

  test.each([0, 1, 65_535, 65_536, 65_537, 5 * 1024 * 1024 + 3])('round trip of %i bytes', async (size) => {
    const data = randomBytes(size);
    const key = newBlobKey();
    expect(await store.exists(key)).toBe(false);
    expect(await store.put(key, Readable.from([data.subarray(0, size >> 1), data.subarray(size >> 1)]))).toEqual({ size });
    expect(await store.exists(key)).toBe(true);
    expect((await readAll(store.get(key))).equals(data)).toBe(true);
    expect(await filesUnder(root)).toEqual([`${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`]);
    expect((await stat(store.pathOf(key))).mode & 0o777).toBe(0o600);
  });

  test('accepts async iterables of Uint8Array', async () => {
    const key = newBlobKey();
    async function* parts() {
      yield new Uint8Array([1, 2, 3]);
      yield new Uint8Array([4]);
    }
    expect(await store.put(key, parts())).toEqual({ size: 4 });
    expect([...(await readAll(store.get(key)))]).toEqual([1, 2, 3, 4]);
  });

  test('a blob is invisible until complete, and replaced atomically', async () => {
    const key = newBlobKey();
    await store.put(key, Readable.from([Buffer.from('old version')]));
    const source = new PassThrough();
    const writing = store.put(key, source);
    source.write(Buffer.alloc(100_000, 1));
    await new Promise((r) => setTimeout(r, 50));
    // Mid-write: readers still see the complete old blob; the new bytes sit in a temp file.
    expect((await readAll(store.get(key))).toString()).toBe('old version');
    const during = await filesUnder(root);
    expect(during).toHaveLength(2);
    expect(during.some((f) => f.endsWith('.tmp') && f.includes(`/.${key}.`))).toBe(true);
    source.end(Buffer.alloc(10, 2));
    expect(await writing).toEqual({ size: 100_010 });
    expect((await readAll(store.get(key))).length).toBe(100_010);
    expect(await filesUnder(root)).toHaveLength(1);
  });

  test('a failing source leaves nothing behind', async () => {
    const key = newBlobKey();
    const source = new PassThrough();
    const writing = store.put(key, source);
    source.write(Buffer.alloc(70_000));
    await new Promise((r) => setTimeout(r, 20));
    source.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(await store.exists(key)).toBe(false);
    expect(await filesUnder(root)).toEqual([]);
  });

  test('a throwing async iterable leaves nothing behind', async () => {
    const key = newBlobKey();
    async function* parts() {
      yield Buffer.alloc(1000);
      throw new Error('size limit');
    }
    await expect(store.put(key, parts())).rejects.toThrow('size limit');
    expect(await filesUnder(root)).toEqual([]);
  });

  test('abort through the signal removes the partial file', async () => {
    const key = newBlobKey();
    const source = new PassThrough();
    const controller = new AbortController();
    const writing = store.put(key, source, { signal: controller.signal });
    source.write(Buffer.alloc(50_000));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(writing).rejects.toMatchObject({ name: 'AbortError' });
    expect(await filesUnder(root)).toEqual([]);
    expect(source.destroyed).toBe(true);
  });

  test('a store that cannot write fails the put and stops the source', async () => {
    const file = join(root, 'not-a-dir');
    await writeFile(file, '');
    const source = new PassThrough();
    await expect(new FsBlobStore(file).put(newBlobKey(), source)).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(source.destroyed).toBe(true);
    const invalid = new PassThrough();
    await expect(store.put('../x', invalid)).rejects.toMatchObject({ code: 'INVALID_KEY' });
    expect(invalid.destroyed).toBe(true);
  });

  test('delete is idempotent; get of a missing blob fails with NOT_FOUND', async () => {
    const key = newBlobKey();
    await store.put(key, Readable.from([Buffer.from('x')]));
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    const err = await readAll(store.get(key)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', key });
  });

  test('keys that could escape the store or clash with temp files are refused', async () => {
    const outside = join(root, '..', `quarry-escape-${randomBytes(4).toString('hex')}`);
    const bad = [
      '',
      'short',
      '../../../../etc/passwd',
      '..',
      'abcd/../../x1',
      'abcdefgh/',
      '/abs/olute',
      'with.dot.key',
      'a'.repeat(129),
      'spaces in key',
      'nul\0byte123',
      'é'.repeat(10),
    ];
    for (const key of bad) {
      expect(isValidBlobKey(key), key).toBe(false);
      expect(() => store.get(key)).toThrow(StorageError);
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toMatchObject({ code: 'INVALID_KEY' });
      await expect(store.exists(key)).rejects.toThrow(StorageError);
      await expect(store.delete(key)).rejects.toThrow(StorageError);
    }
    await expect(stat(outside)).rejects.toThrow();
    expect(await filesUnder(root)).toEqual([]);
  });

  test('new keys are unique 32-hex strings spread over shards', () => {
    const keys = Array.from({ length: 2000 }, newBlobKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys.map((k) => k.slice(0, 2))).size).toBeGreaterThan(200);
  });

  test('exists is false for a directory or temp file named like a key', async () => {
    const key = newBlobKey();
    await mkdir(store.pathOf(key), { recursive: true });
    expect(await store.exists(key)).toBe(false);
    const other = newBlobKey();
    await mkdir(join(store.pathOf(other), '..'), { recursive: true });
    await writeFile(join(store.pathOf(other), '..', `.${other}.000000000000.tmp`), 'partial');
    expect(await store.exists(other)).toBe(false);
  });

  test('stale temp files from a killed put are swept, fresh ones and blobs are kept', async () => {
    expect(await new FsBlobStore(join(root, 'missing')).removeStaleTempFiles()).toBe(0);
    const blob = newBlobKey();
    await store.put(blob, Readable.from([Buffer.from('kept')]));
    const dir = join(store.pathOf(blob), '..');
    const stale = join(dir, `.${newBlobKey()}.aaaaaaaaaaaa.tmp`);
    const fresh = join(dir, `.${newBlobKey()}.bbbbbbbbbbbb.tmp`);
    await writeFile(stale, 'partial');
    await writeFile(fresh, 'in progress');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, old, old);
    expect(await store.removeStaleTempFiles(60 * 60 * 1000)).toBe(1);
    const left = await filesUnder(root);
    expect(left).toHaveLength(2);
    expect(left.some((f) => f.endsWith(blob))).toBe(true);
    expect(left.some((f) => f.endsWith('bbbbbbbbbbbb.tmp'))).toBe(true);
  });

  test('concurrent puts of different keys do not interfere', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ key: newBlobKey(), data: randomBytes(10_000 + i * 1000) }));
    await Promise.all(items.map((it) => store.put(it.key, Readable.from([it.data]))));
    for (const it of items) {
      const back = await readAll(store.get(it.key));
      expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(it.data).digest('hex'));
    }
  });
});

describe('FsBlobStore ranged reads and check', () => {
  test('a range reads exactly its bytes, clipped at the end of the blob', async () => {
    const data = randomBytes(200_000);
    const key = newBlobKey();
    await store.put(key, Readable.from([data]));
    expect((await readAll(store.get(key, { offset: 65_530, length: 20 }))).equals(data.subarray(65_530, 65_550))).toBe(true);
    expect((await readAll(store.get(key, { offset: 1000, length: 150_000 }))).equals(data.subarray(1000, 151_000))).toBe(true);
    expect((await readAll(store.get(key, { offset: 199_990, length: 100 }))).equals(data.subarray(199_990))).toBe(true);
    expect((await readAll(store.get(key, { offset: 300_000 }))).length).toBe(0);
    expect(() => store.get(key, { offset: 1.5 })).toThrow(RangeError);
  });

  test('check passes on a writable root (made if missing) and leaves nothing; fails UNAVAILABLE otherwise', async () => {
    const fresh = new FsBlobStore(join(root, 'new', 'blobs'));
    await fresh.check();
    expect(await filesUnder(join(root, 'new'))).toEqual([]);
    const file = join(root, 'a-file');
    await writeFile(file, 'x');
    await expect(new FsBlobStore(file).check()).rejects.toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining(file) });
  });
});
