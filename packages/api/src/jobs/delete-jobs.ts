import { WorkflowNotFoundError } from '@temporalio/client';
import { jobs as jobRepo } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

const CANCEL_GRACE_MS = 10_000;

/**
 * Deletes the caller's jobs with their results, all or nothing. Running jobs are cancelled
 * first (terminated if they do not stop within a grace period) so no worker writes afterwards.
 */
export async function deleteJobs(deps: ServiceDeps, caller: Caller, ids: unknown): Promise<void> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isUuid)) {
    throw new AppError('BAD_REQUEST', 'Invalid job ID format');
  }
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const jobs = await Promise.all(unique.map((id) => jobRepo.get(deps.db, id)));
  if (jobs.some((j) => !j || j.ownerId !== caller.userId)) throw new AppError('NOT_FOUND', 'Job ID not found');

  await Promise.all(
    jobs.filter((j) => j!.status === 'Pending' || j!.status === 'Processing').map((j) => stopWorkflow(deps, j!.workflowId)),
  );
  if (!(await jobRepo.deleteMany(deps.db, unique, caller.userId))) throw new AppError('NOT_FOUND', 'Job ID not found');
}

async function stopWorkflow(deps: ServiceDeps, workflowId: string): Promise<void> {
  const handle = deps.temporal.workflow.getHandle(workflowId);
  try {
    const { status } = await handle.describe();
    if (status.name !== 'RUNNING') return;
    await handle.cancel();
    const closed = await Promise.race([
      handle.result().then(() => true, () => true),
      new Promise<false>((r) => setTimeout(() => r(false), CANCEL_GRACE_MS).unref()),
    ]);
    if (!closed) await handle.terminate('job deleted');
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}
