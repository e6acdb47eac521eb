import { ActivityFailure, ApplicationFailure, CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { FailActivities } from '../activities.js';
import { UNUSABLE_INPUT } from '../activities.js';
import type { JobInput } from '../job-types.js';
import { announceEnd } from './announce-end.js';

const { failJob } = proxyActivities<FailActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/**
 * Runs a job's activity; when it fails for good, records the job as Failed with a clear message.
 * Either way the job's webhooks are then told. A cancelled (deleted) job tells nobody.
 */
export async function runOrFail(input: JobInput, run: (input: JobInput) => Promise<void>): Promise<void> {
  try {
    await run(input);
  } catch (err) {
    if (isCancellation(err)) throw err;
    await CancellationScope.nonCancellable(() => failJob({ jobId: input.jobId, clientKey: input.clientKey, message: failureMessage(err) }));
  }
  await announceEnd(input.jobId);
}

function failureMessage(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type === UNUSABLE_INPUT) return cause.message;
  return 'The job could not be completed after several attempts';
}
