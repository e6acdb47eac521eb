import { proxyActivities } from '@temporalio/workflow';
import type { ParseActivities } from '../activities.js';
import type { JobInput } from '../job-types.js';
import { JOB_ACTIVITY_OPTIONS } from './retry.js';
import { runOrFail } from './run-or-fail.js';

const { runParseJob } = proxyActivities<ParseActivities>(JOB_ACTIVITY_OPTIONS);

/** One workflow per parse job (EVTX, registry, prefetch). */
export async function parseJob(input: JobInput): Promise<void> {
  await runOrFail(input, runParseJob);
}
