import { z } from 'zod';
import { JOB_CATEGORIES, JOB_STATUSES, VISIBILITIES, type JobCategory } from '@quarry/vocabulary';
import { messageBody, utcDate, uuid } from './common.schema.js';
import { insight } from './insight.schema.js';

export const jobStatus = z.enum(JOB_STATUSES).meta({ id: 'JobStatus' });

/** GET /analysis/job/{job_id}; `insights` once the job has finished (Failed jobs carry Error insights). */
export const jobStatusResponse = z
  .strictObject({ id: uuid, job_name: z.string(), status: jobStatus, insights: z.array(insight).optional() })
  .meta({ id: 'JobStatusResponse' });

/** The answer to a request that queues a job: each endpoint has its own message and category. */
export const createdJobResponse = (category: JobCategory, message: string) =>
  z.strictObject({ id: uuid, job_name: z.string(), message: z.literal(message), category: z.literal(category) });

/** GET /analysis/job/list (not shown by the spec; docs/api-decisions.md). */
export const jobListResponse = z
  .strictObject({
    jobs: z.array(
      z.strictObject({
        id: uuid,
        job_name: z.string(),
        status: jobStatus,
        creation_date: utcDate,
        visibility: z.enum(VISIBILITIES),
        category: z.enum(JOB_CATEGORIES),
      }),
    ),
  })
  .meta({ id: 'JobListResponse' });

export const deleteJobsResponse = messageBody('Job deleted successfully').meta({ id: 'DeleteJobsResponse' });
