import { jobs } from '@quarry/db';
import { writeInsights } from '@quarry/store';
import type { FailJobInput } from '@quarry/temporal';
import type { WorkerDeps } from '../deps.js';
import { clientKeyOf, jobKeyOf } from './job-keys.js';

const GENERIC = 'The job could not be completed';

/** Stores the job's Error insight (sealed like any result) and marks it Failed. */
export async function failJob(deps: WorkerDeps, input: FailJobInput): Promise<void> {
  const job = await jobs.get(deps.db, input.jobId);
  if (!job) return;
  let jobKey: Buffer | null = null;
  let message = input.message;
  try {
    jobKey = jobKeyOf(job.wrappedKey, clientKeyOf(input.clientKey));
  } catch {
    // Without the key the detailed message (it may name a private file) cannot be sealed.
    message = GENERIC;
  }
  // A failed job is not searchable: nothing of an earlier attempt's store is kept.
  await deps.recordStores.remove(job.id);
  await writeInsights(deps.db, job.id, jobKey, [{ Error: { message } }]);
  await jobs.setStatus(deps.db, job.id, 'Failed');
  deps.log.warn({ jobId: job.id }, 'job failed');
}
