import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  proxyActivities,
} from '@temporalio/workflow';
import type { JobActivities } from './activities.js';
import { UNUSABLE_INPUT } from './activities.js';
import type { AnalysisJobInput } from './job-types.js';

const { runJob } = proxyActivities<JobActivities>({
  startToCloseTimeout: '1 hour',
  // Short enough that a job on a worker that died resumes on another within seconds.
  heartbeatTimeout: '15 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 6,
    nonRetryableErrorTypes: [UNUSABLE_INPUT],
  },
});

const { failJob } = proxyActivities<JobActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/** One workflow per analysis job: run it, and record a clean Failed state when it cannot finish. */
export async function analysisJob(input: AnalysisJobInput): Promise<void> {
  try {
    await runJob(input);
  } catch (err) {
    if (isCancellation(err)) throw err;
    await CancellationScope.nonCancellable(() =>
      failJob({ jobId: input.jobId, clientKey: input.clientKey, message: failureMessage(err) }),
    );
  }
}

function failureMessage(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type === UNUSABLE_INPUT) return cause.message;
  return 'The job could not be completed after several attempts';
}
