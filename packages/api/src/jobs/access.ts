import { unwrapKey } from '@quarry/crypto';
import { jobs, type JobDto } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';

/**
 * Loads a job the caller may read. A private job of someone else answers exactly like a missing
 * one. For a private job, returns its result key unwrapped with the caller's key.
 */
export async function loadReadableJob(
  deps: ServiceDeps,
  caller: Caller,
  clientKey: Buffer | null,
  jobId: string,
  notFoundMessage: string,
): Promise<{ job: JobDto; jobKey: Buffer | null }> {
  const job = isUuid(jobId) ? await jobs.get(deps.db, jobId.toLowerCase()) : null;
  if (!job || (job.visibility === 'private' && job.ownerId !== caller.userId)) {
    throw new AppError('NOT_FOUND', notFoundMessage);
  }
  if (job.visibility === 'public' || !job.wrappedKey) return { job, jobKey: null };
  if (!clientKey) throw new AppError('JOB_KEY_REQUIRED', 'Encryption key required');
  try {
    return { job, jobKey: unwrapKey(job.wrappedKey, clientKey) };
  } catch {
    throw new AppError('WRONG_KEY', 'Encryption key is invalid for this job');
  }
}
