import { ParentClosePolicy, log, startChild } from '@temporalio/workflow';
import { JOB_WEBHOOKS_WORKFLOW, webhooksWorkflowIdOf } from '../job-types.js';

/**
 * Starts the job's webhook deliveries once its final state is committed (the job's activities
 * have set Completed or Failed). The child is abandoned: the job's workflow ends now, retries
 * to a slow receiver run on their own, and nothing a receiver does can fail the job.
 */
export async function announceEnd(jobId: string): Promise<void> {
  try {
    await startChild(JOB_WEBHOOKS_WORKFLOW, {
      workflowId: webhooksWorkflowIdOf(jobId),
      args: [{ jobId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (err) {
    // Already started (a replayed end) or refused by the server: the job's outcome stands.
    log.warn('the job webhooks workflow did not start', { jobId, error: err instanceof Error ? err.name : 'unknown' });
  }
}
