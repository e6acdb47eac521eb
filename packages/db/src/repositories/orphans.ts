import type { DbClient } from '../client.js';
import { isUuid } from '../uuid.js';

/**
 * Look-ups for the start-up orphan sweep (packages/api maintenance): which of a batch of blob keys
 * and job ids still have their row. Batches keep each query small whatever the store holds.
 */
export async function knownBlobKeys(db: DbClient, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.file.findMany({ where: { blobKey: { in: [...keys] } }, select: { blobKey: true } });
  return new Set(rows.map((r) => r.blobKey));
}

export async function knownJobIds(db: DbClient, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db.job.findMany({ where: { id: { in: valid } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}
