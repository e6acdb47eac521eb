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

/** The workflow type that runs each kind of job. */
export const WORKFLOW_TYPES: Record<JobKind, string> = {
  parse: 'parseJob',
  scan: 'scanJob',
};

export const workflowIdOf = (jobId: string): string => `quarry-job-${jobId}`;
