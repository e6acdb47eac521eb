import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createDecryptStream, unwrapKey } from '@quarry/crypto';
import { files, type Db } from '@quarry/db';
import { FsBlobStore } from '@quarry/storage';

/**
 * The SHA-256 of a stored file as its owner would get it back: the blob read from the store and,
 * when private, decrypted with the data key unwrapped under the client key. Null when the row or
 * the blob is missing. Used to check that what was accepted is what is kept.
 */
export async function storedSha256(db: Db, blobDir: string, fileId: string, clientKey: Buffer | null): Promise<string | null> {
  const row = await files.get(db, fileId);
  if (!row) return null;
  const blobs = new FsBlobStore(blobDir);
  if (!existsSync(blobs.pathOf(row.blobKey))) return null;
  const hash = createHash('sha256');
  const source = blobs.get(row.blobKey);
  const plain = row.encrypted && row.wrappedKey && clientKey ? source.pipe(createDecryptStream(unwrapKey(row.wrappedKey, clientKey))) : source;
  for await (const chunk of plain) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * A file row with a recorded size and no blob, through the repository uploads use: size limits are
 * checked on recorded sizes, and uploads of gigabytes are out of reach in a test. A job made of such
 * rows must be deleted before a worker tries to read them.
 */
export async function recordedFile(db: Db, ownerId: string, size: number, originalName: string): Promise<string> {
  const row = await files.create(db, {
    ownerId,
    originalName,
    size: BigInt(size),
    sha256: '0'.repeat(64),
    visibility: 'public',
    encrypted: false,
    wrappedKey: null,
    blobKey: `missing/${randomUUID()}`,
  });
  return row.id;
}
