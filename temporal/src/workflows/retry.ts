import { ActivityCancellationType, type ActivityOptions } from '@temporalio/workflow';
import { UNUSABLE_INPUT } from '../activities.js';

/** How every job's main activity runs: long, heartbeating, retried with backoff unless unusable. */
export const JOB_ACTIVITY_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  // A cancelled job (deleted while running) ends only once its activity has stopped, so nothing
  // writes results for a job that is being deleted.
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  // Short enough that a job on a worker that died resumes on another within seconds.
  heartbeatTimeout: '15 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 6,
    nonRetryableErrorTypes: [UNUSABLE_INPUT],
  },
};
