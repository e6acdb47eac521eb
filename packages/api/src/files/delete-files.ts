import type { Caller } from '../auth/caller.js';
import { files } from '@quarry/db';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { DeleteFilesInput } from './delete-files.schema.js';

/**
 * Deletes the caller's files, all or nothing: one id that is missing or not the caller's fails
 * the whole call before anything is removed.
 */
export async function deleteFiles(deps: ServiceDeps, caller: Caller, input: DeleteFilesInput): Promise<void> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const unique = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const blobKeys = await files.deleteMany(deps.db, unique, caller.userId);
  if (blobKeys === null) throw new AppError('NOT_FOUND', 'File not found');
  // Rows are gone first, so a blob left behind by a crash here is unreachable, never served.
  await Promise.all(blobKeys.map((k) => deps.blobs.delete(k)));
}
