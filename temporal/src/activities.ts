import type { DeliverWebhookInput, FailJobInput, JobInput, JobWebhooksInput } from './job-types.js';

/** Error type for input that no retry can fix (wrong file type, unreadable evidence, wrong key). */
export const UNUSABLE_INPUT = 'UnusableInput';

/** A webhook delivery that no retry can help (a 4xx, a redirect, a refused address, a deleted webhook). */
export const WEBHOOK_REJECTED = 'WebhookRejected';
/** Attempts per delivery (the workflow's retry policy); the last failed one marks the delivery failed. */
export const WEBHOOK_DELIVERY_ATTEMPTS = 10;

/** Tells a job's owner's webhooks that it finished: ids travel, never URLs or secrets. */
export interface WebhookActivities {
  /** The deliveries (one per webhook listening for the job's final state), created once; empty when none. */
  webhookDeliveries(input: JobWebhooksInput): Promise<string[]>;
  /** One signed attempt of one delivery, recorded; throws to be retried, or WEBHOOK_REJECTED when retrying cannot help. */
  deliverWebhook(input: DeliverWebhookInput): Promise<void>;
}

/** Shared by every kind of job: records a clean Failed state. */
export interface FailActivities {
  /** Stores an Error insight and marks the job Failed. */
  failJob(input: FailJobInput): Promise<void>;
}

/** What the worker implements for parse jobs; workflows import this type only. */
export interface ParseActivities extends FailActivities {
  /** Streams every input through the analysis pipeline, stores the insights, marks the job Completed. */
  runParseJob(input: JobInput): Promise<void>;
}

/** What the worker implements for scan jobs. */
export interface ScanActivities extends FailActivities {
  /** Scans every input with the job's rules, stores the results, marks the job Completed. */
  runScanJob(input: JobInput): Promise<void>;
}

export type JobActivities = ParseActivities & ScanActivities & WebhookActivities;
