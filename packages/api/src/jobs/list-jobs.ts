import { jobs } from '@quarry/db';
import type { JobCategory, JobStatus, Visibility } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

export interface JobListEntry {
  id: string;
  jobName: string;
  status: JobStatus;
  category: JobCategory;
  visibility: Visibility;
  createdAt: Date;
}

/** The caller's jobs, newest first. */
export async function listJobs(deps: ServiceDeps, caller: Caller): Promise<JobListEntry[]> {
  if (!caller.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const rows = await jobs.listByOwner(deps.db, caller.userId);
  return rows.map((j) => ({
    id: j.id,
    jobName: j.jobName,
    status: j.status,
    category: j.category,
    visibility: j.visibility,
    createdAt: j.createdAt,
  }));
}
