import type { JobCategory, WebhookEvent } from '@quarry/vocabulary';

/** What a job event says: ids and states only, never evidence, file or job names, or results. */
export interface JobEventFacts {
  event: WebhookEvent;
  jobId: string;
  status: 'Completed' | 'Failed';
  category: JobCategory;
  /** When the job reached its final state. */
  finishedAt: Date;
}

/**
 * The message body (Standard Webhooks' `type`, `timestamp`, `data`). The job name is left out:
 * it is derived from the input file names, which a private job keeps to its owner.
 */
export const jobEventBody = (f: JobEventFacts): string =>
  JSON.stringify({ type: f.event, timestamp: f.finishedAt.toISOString(), data: { job_id: f.jobId, status: f.status, category: f.category } });
