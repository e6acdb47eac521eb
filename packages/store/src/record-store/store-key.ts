import { hkdfSync } from 'node:crypto';

/** Separates this use of a job key from every other (insights sealing, file encryption). */
const CONTEXT = 'quarry/record-store/v1';

/**
 * The database key of a private job's store: HKDF-SHA256 of the job key, salted with the job id,
 * so the raw job key never reaches the database layer and two jobs never share a database key.
 * Returned as hex because libsql takes the key as a passphrase string.
 */
export function storeKey(jobKey: Buffer, jobId: string): string {
  return Buffer.from(hkdfSync('sha256', jobKey, Buffer.from(jobId, 'utf8'), Buffer.from(CONTEXT, 'utf8'), 32)).toString('hex');
}
