import type { Context } from '@temporalio/activity';
import type { FileDto, JobDto } from '@quarry/db';
import type { JobProgress } from './job-progress.js';

/** What both scan steps get from runScanJob. */
export interface ScanContext {
  job: JobDto;
  files: FileDto[];
  clientKey: Buffer | null;
  /** The caller's rule text; undefined: the community set. */
  customRule: string | undefined;
  ctx: Context;
  /** Bytes scanned so far, for the job's watchers. */
  progress: JobProgress;
}
