import { createHash } from 'node:crypto';
import { Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDecryptStream, unwrapKey } from '@quarry/crypto';
import type { WorkerDeps } from '../deps.js';
import { unusable } from './unusable.js';

export interface EvidenceFile {
  id: string;
  originalName: string;
  size: number | bigint;
  sha256: string;
  encrypted: boolean;
  wrappedKey: Uint8Array | null;
  blobKey: string;
}

/**
 * Reads one input into memory (never to disk), decrypting on the way when it is private, and
 * checks its length and SHA-256 against what the upload recorded.
 */
export async function readEvidence(
  deps: WorkerDeps,
  file: EvidenceFile,
  clientKey: Buffer | null,
  onProgress: () => void,
  signal?: AbortSignal,
): Promise<Buffer> {
  const size = Number(file.size);
  const out = Buffer.allocUnsafe(size);
  const hash = createHash('sha256');
  let offset = 0;
  const collect = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (offset + chunk.length > size) {
        done(unusable(`File ${file.originalName} is longer than recorded at upload`));
        return;
      }
      chunk.copy(out, offset);
      offset += chunk.length;
      hash.update(chunk);
      onProgress();
      done();
    },
  });

  let decrypt: Transform | null = null;
  if (file.encrypted) {
    if (!clientKey || !file.wrappedKey) throw unusable(`File ${file.originalName} is encrypted and no key was given`);
    let dataKey: Buffer;
    try {
      dataKey = unwrapKey(Buffer.from(file.wrappedKey), clientKey);
    } catch {
      throw unusable(`The encryption key does not open file ${file.originalName}`);
    }
    decrypt = createDecryptStream(dataKey);
  }
  const source = deps.blobs.get(file.blobKey);
  const opts = signal ? { signal } : {};
  try {
    if (decrypt) await pipeline(source, decrypt, collect, opts);
    else await pipeline(source, collect, opts);
  } catch (err) {
    if ((err as Error).name === 'IntegrityError') throw unusable(`File ${file.originalName} failed its integrity check`);
    throw err;
  }
  if (offset !== size || hash.digest('hex') !== file.sha256) {
    throw unusable(`File ${file.originalName} does not match the size and SHA-256 recorded at upload`);
  }
  return out;
}
