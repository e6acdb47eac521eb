import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { createDecryptStream, createEncryptStream, newDataKey, unwrapKey, wrapKey } from '../src/index.js';
import { sharedDir } from './helpers.js';

const shared = sharedDir();

interface Sample {
  path: string;
  size: number;
  sha256: string;
}

async function manifest(dir: string): Promise<Sample[]> {
  const lines = (await readFile(join(dir, 'samples', 'MANIFEST.tsv'), 'utf8')).trim().split('\n').slice(1);
  return lines.map((line) => {
    const [path, , , , size, sha256] = line.split('\t');
    return { path: join(dir, 'samples', path!), size: Number(size), sha256: sha256! };
  });
}

describe.skipIf(!shared)('real evidence through encrypt -> disk -> decrypt (needs ../shared/samples)', () => {
  let work = '';
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('every sample round trips with its manifest SHA-256, and no plaintext reaches the encrypted file', async () => {
    work = await mkdtemp(join(tmpdir(), 'quarry-crypto-samples-'));
    const samples = await manifest(shared!);
    expect(samples.length).toBe(145);
    const clientKey = newDataKey();
    let bytes = 0;
    for (const [i, sample] of samples.entries()) {
      const wrapped = wrapKey(newDataKey(), clientKey);
      const dataKey = unwrapKey(wrapped, clientKey);
      const encrypted = join(work, `${i}.bin`);
      await pipeline(createReadStream(sample.path), createEncryptStream(dataKey), createWriteStream(encrypted));

      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        createReadStream(encrypted),
        createDecryptStream(dataKey),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            size += chunk.length;
            hash.update(chunk);
            done();
          },
        }),
      );
      expect({ size, sha256: hash.digest('hex') }, sample.path).toEqual({ size: sample.size, sha256: sample.sha256 });

      // A 32-byte window of the plaintext (magic included) must not appear in the ciphertext.
      const [plain, cipher] = [await readFile(sample.path), await readFile(encrypted)];
      for (const at of [0, plain.length >> 1, Math.max(0, plain.length - 32)]) {
        const window = plain.subarray(at, at + 32);
        if (window.length === 32 && !window.every((b) => b === window[0])) expect(cipher.includes(window), sample.path).toBe(false);
      }
      bytes += size;
    }
    expect(bytes).toBe(samples.reduce((n, s) => n + s.size, 0));
  });
});
