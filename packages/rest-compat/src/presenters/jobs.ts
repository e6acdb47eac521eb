import type { CreatedJob, JobListEntry, JobView } from '@quarry/api';
import { formatUtc } from '../format.js';

/** The contract's job status body (`GET /analysis/job/{id}`). */
export const jobStatusBody = (j: JobView) => ({
  id: j.id,
  job_name: j.jobName,
  status: j.status,
  ...(j.insights === undefined ? {} : { insights: j.insights }),
});

/** The contract's answer to a parse request. */
export const createdJobBody = (j: CreatedJob) => ({ id: j.id, job_name: j.jobName, message: 'Job queued', category: j.category });

/** One row of the job list (not shown by the spec; docs/api-decisions.md). */
export const jobListEntryBody = (j: JobListEntry) => ({
  id: j.id,
  job_name: j.jobName,
  status: j.status,
  creation_date: formatUtc(j.createdAt),
  visibility: j.visibility,
  category: j.category,
});
