import { z } from 'zod';
import { indexTableInsight } from './insight.schema.js';
import { jobStatusResponse } from './jobs.schema.js';

/** browse_events true: the page of records as one IndexTable (category General). */
export const recordPageResponse = z.strictObject({ insights: z.tuple([indexTableInsight]) }).meta({ id: 'RecordPageResponse' });

/** POST /analysis/{winevtx,prefetch,registry}/search: records (browse_events true) or the job status body rebuilt over them (false). */
export const searchResponse = z.union([recordPageResponse, jobStatusResponse]).meta({ id: 'SearchResponse' });
