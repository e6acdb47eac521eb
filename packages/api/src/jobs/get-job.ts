import type { Insight } from '@quarry/insights';
import { readInsights } from '@quarry/store';
import { isFinished, type JobCategory, type JobStatus } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { loadReadableJob } from './access.js';

export interface JobView {
  id: string;
  jobName: string;
  status: JobStatus;
  /** The evidence type a parse job reads, or the scan's kind: what its insights are (a collection's are a host's). */
  category: JobCategory;
  /** Present once the job has finished (Failed jobs carry Error insights). */
  insights?: Insight[];
}

export async function getJob(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, jobId: string): Promise<JobView> {
  const { job, jobKey } = await loadReadableJob(deps, caller, clientKey, jobId, `Job with ID ${jobId} not found`);
  const view: JobView = { id: job.id, jobName: job.jobName, status: job.status, category: job.category };
  if (isFinished(job.status)) view.insights = (await readInsights(deps.db, job.id, jobKey)) ?? [];
  return view;
}
