import { createHash } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { createDecryptStream, unwrapKey } from '@quarry/crypto';
import type { FileDto } from '@quarry/db';
import type { BlobStore } from '@quarry/storage';
import { unusable } from './unusable.js';

/**
 * One input's plaintext as a stream, read once from the blob store and decrypted on the way when
 * private (never to disk). Its length and SHA-256 are checked against the upload's as it passes:
 * a mismatch, or a segment that fails authentication, throws from the iteration.
 */
export async function* evidenceStream(blobs: BlobStore, file: FileDto, clientKey: Buffer | null, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  let source: Readable = blobs.get(file.blobKey);
  if (file.encrypted) {
    if (!clientKey || !file.wrappedKey) throw unusable(`File ${file.originalName} is encrypted and no key was given`);
    let dataKey: Buffer;
    try {
      dataKey = unwrapKey(file.wrappedKey, clientKey);
    } catch {
      throw unusable(`The encryption key does not open file ${file.originalName}`);
    }
    // pipeline, not pipe: a failing blob read must fail the decrypted stream too.
    source = pipeline(source, createDecryptStream(dataKey), () => undefined);
  }
  const size = Number(file.size);
  const hash = createHash('sha256');
  let seen = 0;
  const abort = () => source.destroy(signal?.reason instanceof Error ? signal.reason : new Error('cancelled'));
  signal?.addEventListener('abort', abort, { once: true });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > size) throw unusable(`File ${file.originalName} is longer than recorded at upload`);
      hash.update(chunk);
      yield chunk;
    }
  } catch (err) {
    if ((err as Error).name === 'IntegrityError') throw unusable(`File ${file.originalName} failed its integrity check`);
    throw err;
  } finally {
    signal?.removeEventListener('abort', abort);
    source.destroy();
  }
  if (seen !== size || hash.digest('hex') !== file.sha256) {
    throw unusable(`File ${file.originalName} does not match the size and SHA-256 recorded at upload`);
  }
}
