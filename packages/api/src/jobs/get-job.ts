import type { Insight } from '@quarry/insights';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { loadReadableJob } from './access.js';
import { readInsights } from './results.js';

export interface JobView {
  id: string;
  job_name: string;
  status: 'Pending' | 'Processing' | 'Completed' | 'Failed';
  insights?: Insight[];
}

/** Job status as the contract shows it: insights once finished (Failed jobs carry Error insights). */
export async function getJob(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, jobId: string): Promise<JobView> {
  const { job, jobKey } = await loadReadableJob(deps, caller, clientKey, jobId, `Job with ID ${jobId} not found`);
  const view: JobView = { id: job.id, job_name: job.jobName, status: job.status };
  if (job.status === 'Completed' || job.status === 'Failed') {
    view.insights = (await readInsights(deps, job.id, jobKey)) ?? [];
  }
  return view;
}
