import type { AnalysisJobInput, FailJobInput } from './job-types.js';

/** Error type for input that no retry can fix (wrong file type, unreadable evidence, wrong key). */
export const UNUSABLE_INPUT = 'UnusableInput';

/** What the worker implements; workflows import this type only. */
export interface JobActivities {
  /** Reads, decrypts and analyses every input file, stores the insights and marks the job Completed. */
  runJob(input: AnalysisJobInput): Promise<void>;
  /** Stores an Error insight and marks the job Failed. */
  failJob(input: FailJobInput): Promise<void>;
}
