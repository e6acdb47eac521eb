import type { FailJobInput, JobInput } from './job-types.js';

/** Error type for input that no retry can fix (wrong file type, unreadable evidence, wrong key). */
export const UNUSABLE_INPUT = 'UnusableInput';

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

export type JobActivities = ParseActivities & ScanActivities;
