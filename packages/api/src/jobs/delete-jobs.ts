import { jobs as jobRepo } from '@quarry/db';
import { isFinished } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { DeleteJobsInput } from './delete-jobs.schema.js';

/**
 * Deletes the caller's jobs with their results, all or nothing. Running jobs are stopped first
 * (cancelled, terminated if they do not stop in time) so no worker writes afterwards.
 */
export async function deleteJobs(deps: ServiceDeps, caller: Caller, input: DeleteJobsInput): Promise<void> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const unique = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const jobs = await Promise.all(unique.map((id) => jobRepo.get(deps.db, id)));
  if (jobs.some((j) => !j || j.ownerId !== caller.userId)) throw new AppError('NOT_FOUND', 'Job ID not found');

  await Promise.all(jobs.filter((j) => !isFinished(j!.status)).map((j) => deps.runner.stop(j!.workflowId)));
  if (!(await jobRepo.deleteMany(deps.db, unique, caller.userId))) throw new AppError('NOT_FOUND', 'Job ID not found');
  // The rows are gone first: a store left behind by a crash here belongs to no job and is never served.
  await Promise.all(unique.map((id) => deps.recordStores.remove(id)));
}
