import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FsBlobStore, LocalFiles, openSharedFiles, sharedFilesFor } from '../src/index.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quarry-local-files-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalFiles', () => {
  test('publish moves the file in, acquire gives its path, delete removes it', async () => {
    const files = new LocalFiles(join(root, 'record-stores'));
    const temp = join(files.scratchDir, 'x.tmp');
    await writeFile(temp, 'records');
    await files.publish('job-1.winevtx.db', temp);
    expect(await readdir(files.scratchDir)).toEqual([]);
    const lease = await files.acquire('job-1.winevtx.db');
    expect(lease?.path).toBe(join(root, 'record-stores', 'job-1.winevtx.db'));
    expect(await readFile(lease!.path, 'utf8')).toBe('records');
    await files.delete('job-1.winevtx.db');
    expect(await files.acquire('job-1.winevtx.db')).toBeNull();
    await expect(files.delete('job-1.winevtx.db')).resolves.toBeUndefined();
    await expect(files.acquire('../escape')).rejects.toMatchObject({ code: 'INVALID_KEY' });
  });

  test('list() yields the published files, not the scratch directory or hidden files', async () => {
    const files = new LocalFiles(join(root, 'record-stores'));
    await writeFile(join(files.scratchDir, 'building'), 'part');
    await writeFile(join(files.dir, '.hidden.tmp'), 'x');
    for (const name of ['a.winevtx.db', 'b.prefetch.db']) {
      await writeFile(join(files.scratchDir, name), name);
      await files.publish(name, join(files.scratchDir, name));
    }
    const listed = [];
    for await (const { name, modifiedMs } of files.list()) listed.push([name, modifiedMs > Date.now() - 60_000]);
    expect(listed.sort()).toEqual([
      ['a.winevtx.db', true],
      ['b.prefetch.db', true],
    ]);
  });

  test('beside a local blob store, shared files are <BLOB_DIR>/record-stores, where the record stores already live', () => {
    const files = sharedFilesFor(new FsBlobStore(join(root, 'blobs')), { cacheDir: join(root, 'unused'), maxBytes: 1 });
    expect(files).toBeInstanceOf(LocalFiles);
    expect((files as LocalFiles).dir).toBe(join(root, 'blobs', 'record-stores'));
  });

  test('openSharedFiles checks the directory at start-up and names it when it is not usable', async () => {
    const blobs = new FsBlobStore(join(root, 'blobs'));
    await blobs.check();
    const files = await openSharedFiles(blobs, { cacheDir: join(root, 'unused'), maxBytes: 1 });
    expect(await readdir(files.scratchDir)).toEqual([]);
    // A file where the directory should be (ENOTDIR: root can write anywhere, so no permission test).
    const blocked = new FsBlobStore(join(root, 'blocked'));
    await blocked.check();
    await writeFile(join(root, 'blocked', 'record-stores'), 'not a directory');
    await expect(openSharedFiles(blocked, { cacheDir: join(root, 'unused'), maxBytes: 1 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining(join(root, 'blocked', 'record-stores')),
    });
  });
});
