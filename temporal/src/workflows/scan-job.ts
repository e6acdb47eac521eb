import { proxyActivities } from '@temporalio/workflow';
import type { ScanActivities } from '../activities.js';
import type { JobInput } from '../job-types.js';
import { JOB_ACTIVITY_OPTIONS } from './retry.js';
import { runOrFail } from './run-or-fail.js';

const { runScanJob } = proxyActivities<ScanActivities>(JOB_ACTIVITY_OPTIONS);

/** One workflow per file-scan job (YARA, Sigma). */
export async function scanJob(input: JobInput): Promise<void> {
  await runOrFail(input, runScanJob);
}
