import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { SHARED_DIR } from '@quarry/testkit';
import { FsBlobStore, newBlobKey } from '../src/index.js';

const shared = existsSync(SHARED_DIR) ? SHARED_DIR : null;

describe.skipIf(!shared)('real evidence in the blob store (needs ../shared/samples)', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  test('every sample is stored and read back with its manifest size and SHA-256', async () => {
    root = await mkdtemp(join(tmpdir(), 'quarry-blob-samples-'));
    const store = new FsBlobStore(root);
    const rows = (await readFile(join(shared!, 'samples', 'MANIFEST.tsv'), 'utf8')).trim().split('\n').slice(1);
    expect(rows.length).toBe(145);
    for (const row of rows) {
      const [path, , , , size, sha256] = row.split('\t') as [string, string, string, string, string, string];
      const key = newBlobKey();
      expect(await store.put(key, createReadStream(join(shared!, 'samples', path)))).toEqual({ size: Number(size) });
      const hash = createHash('sha256');
      for await (const chunk of store.get(key)) hash.update(chunk as Buffer);
      expect(hash.digest('hex'), path).toBe(sha256);
    }
  });
});
