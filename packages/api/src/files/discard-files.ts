import { files } from '@quarry/db';
import type { ServiceDeps } from '../deps.js';

/** Removes files stored earlier in a request that failed, so a rejected upload keeps nothing. */
export async function discardFiles(deps: ServiceDeps, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const blobKeys = await files.discard(deps.db, ids);
  await Promise.all(blobKeys.map((k) => deps.blobs.delete(k).catch(() => undefined)));
}
