import { unwrapKey } from '@quarry/crypto';
import { files as fileRepo, jobs, type FileDto, type NewJob } from '@quarry/db';
import type { JobCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

const CANNOT_READ = 'Failed to download file';

export interface ReadableInputs {
  /** Lower-case ids in request order. */
  ids: string[];
  byId: Map<string, FileDto>;
  /** Any input is private: the job is private too. */
  isPrivate: boolean;
}

/**
 * A job's input files, checked as the contract orders it: every id names a file the caller may
 * read (its own or a public one; anything else reads as a failed download), their total size is
 * within the limit, and the caller's key opens every encrypted one. `ids` are well-formed UUIDs.
 */
export async function readableInputs(
  deps: Pick<ServiceDeps, 'db'>,
  caller: Caller,
  clientKey: Buffer | null,
  ids: readonly string[],
  limit: { maxTotalBytes: number; message: string },
): Promise<ReadableInputs> {
  const wanted = ids.map((id) => id.toLowerCase());
  const files = await fileRepo.getMany(deps.db, wanted);
  const byId = new Map(files.map((f) => [f.id, f]));
  let total = 0;
  for (const id of wanted) {
    const file = byId.get(id);
    if (!file || (file.visibility === 'private' && file.ownerId !== caller.userId)) throw new AppError('BAD_REQUEST', CANNOT_READ);
    total += Number(file.size);
  }
  if (total > limit.maxTotalBytes) throw new AppError('BAD_REQUEST', limit.message);

  const encrypted = files.filter((f) => f.encrypted);
  if (encrypted.length > 0) {
    if (!clientKey) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
    for (const f of encrypted) {
      try {
        unwrapKey(f.wrappedKey!, clientKey);
      } catch {
        // The key does not open the file: for this caller the file cannot be read.
        throw new AppError('BAD_REQUEST', CANNOT_READ);
      }
    }
  }
  return { ids: wanted, byId, isPrivate: encrypted.length > 0 };
}

/** Records the job, then starts it; a job that could not be started is not left behind. */
export async function recordAndStart(
  deps: Pick<ServiceDeps, 'db' | 'runner'>,
  job: NewJob & { id: string; category: JobCategory },
  clientKey: Buffer | null,
): Promise<void> {
  await jobs.create(deps.db, job);
  try {
    await deps.runner.start({ jobId: job.id, category: job.category, tier: job.tier, clientKey: job.visibility === 'private' ? clientKey : null });
  } catch (err) {
    await jobs.delete(deps.db, job.id);
    throw err;
  }
}
