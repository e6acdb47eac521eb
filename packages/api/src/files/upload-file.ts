import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createEncryptStream, newDataKey, wrapKey } from '@quarry/crypto';
import { files } from '@quarry/db';
import { newBlobKey } from '@quarry/storage';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { UPLOAD_MAX_FILE_BYTES } from '../limits.js';
import { SizeMeter } from './size-meter.js';

export interface UploadedFile {
  id: string;
  name: string;
}

/**
 * Streams one file into the blob store. With a client key it is encrypted on the way in under a
 * fresh data key (wrapped under the client key), so plaintext never reaches disk; memory stays
 * bounded by the stream buffers whatever the size.
 */
export async function uploadFile(
  deps: ServiceDeps,
  input: { caller: Caller; clientKey: Buffer | null; fileName: string; content: Readable; maxBytes?: number },
): Promise<UploadedFile> {
  const encrypt = input.caller.userId !== null && input.clientKey !== null;
  const meter = new SizeMeter(input.maxBytes ?? UPLOAD_MAX_FILE_BYTES);
  const blobKey = newBlobKey();
  const dataKey = encrypt ? newDataKey() : null;
  const sink = dataKey ? createEncryptStream(dataKey) : new PassThrough();

  try {
    const stored = deps.blobs.put(blobKey, sink);
    // A failing store must also stop the producer, or the request body would never be drained.
    stored.catch((err: unknown) => sink.destroy(err as Error));
    await Promise.all([pipeline(input.content, meter, sink), stored]);
  } catch (err) {
    await deps.blobs.delete(blobKey).catch(() => undefined);
    throw err;
  }

  const row = await files.create(deps.db, {
    ownerId: input.caller.userId,
    originalName: input.fileName,
    size: BigInt(meter.bytes),
    sha256: meter.sha256(),
    visibility: encrypt ? 'private' : 'public',
    encrypted: encrypt,
    wrappedKey: dataKey && input.clientKey ? wrapKey(dataKey, input.clientKey) : null,
    blobKey,
  });
  return { id: row.id, name: input.fileName };
}
