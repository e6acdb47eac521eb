import type { JobCategory, JobKind } from '@quarry/vocabulary';

/**
 * Workflow input. `clientKey` is the caller's X-Service-Api-Enc-Key (base64): it is secret and only
 * ever travels inside payloads encrypted by the payload codec under the server master key.
 */
export interface JobInput {
  jobId: string;
  category: JobCategory;
  clientKey: string | null;
}

export interface FailJobInput {
  jobId: string;
  clientKey: string | null;
  message: string;
}

/** The webhook workflow's input: the job only (the activities read the rest from the database). */
export interface JobWebhooksInput {
  jobId: string;
}

export interface DeliverWebhookInput {
  deliveryId: string;
}

/** The workflow that tells a finished job's webhooks, started by the job's workflow as it ends. */
export const JOB_WEBHOOKS_WORKFLOW = 'jobWebhooks';
export const webhooksWorkflowIdOf = (jobId: string): string => `quarry-webhooks-${jobId}`;

/** The workflow type that runs each kind of job. */
export const WORKFLOW_TYPES: Record<JobKind, string> = {
  parse: 'parseJob',
  scan: 'scanJob',
};

export const workflowIdOf = (jobId: string): string => `quarry-job-${jobId}`;
