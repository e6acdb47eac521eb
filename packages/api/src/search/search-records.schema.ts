import { z } from 'zod';
import { FILTER_OPERATORS, type SearchQuery } from '@quarry/store';

const FILTER_SHAPE = 'filter must be an array of {field, operator, value} objects';
const int = (message: string, min: number, max: number) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
const unixMs = z.number({ error: 'start_time and end_time must be integers (Unix milliseconds)' }).int({
  error: 'start_time and end_time must be integers (Unix milliseconds)',
});

/**
 * The body of POST /analysis/{winevtx,prefetch,registry}/search, shared by every front. Messages
 * the contract does not give are ours (docs/api-decisions.md); a malformed job id reads as a job
 * that is not found.
 */
export const searchRecordsSchema = z
  .object(
    {
      job_id: z.string({ error: 'Job not found' }),
      search: z.string({ error: 'search must be a string (empty to browse)' }).max(1024, { error: 'search is longer than 1024 characters' }),
      browse_events: z.boolean({ error: 'browse_events must be a boolean' }),
      filter: z
        .array(
          z.object(
            {
              field: z.string({ error: FILTER_SHAPE }).min(1, { error: FILTER_SHAPE }).max(256, { error: FILTER_SHAPE }),
              operator: z.enum(FILTER_OPERATORS, { error: `operator must be one of ${FILTER_OPERATORS.join(', ')}` }),
              value: z.string({ error: 'filter values must be strings' }).max(1024, { error: 'a filter value is longer than 1024 characters' }),
            },
            { error: FILTER_SHAPE },
          ),
          { error: FILTER_SHAPE },
        )
        .max(32, { error: 'at most 32 filter criteria' })
        .default([]),
      page: int('page must be an integer from 1 to 10', 1, 10).default(1),
      show: int('show must be an integer from 1 to 100', 1, 100).default(10),
      start_time: unixMs.optional(),
      end_time: unixMs.optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((b) => b.start_time === undefined || b.end_time === undefined || b.start_time <= b.end_time, { error: 'Invalid time range' });

export type SearchRecordsBody = z.output<typeof searchRecordsSchema>;

/** The service's input, read from the body (shared by every front). */
export function searchInput(body: SearchRecordsBody): { jobId: string; browseEvents: boolean; query: SearchQuery } {
  return {
    jobId: body.job_id,
    browseEvents: body.browse_events,
    query: {
      search: body.search,
      filters: body.filter,
      page: body.page,
      show: body.show,
      ...(body.start_time === undefined ? {} : { startTime: body.start_time }),
      ...(body.end_time === undefined ? {} : { endTime: body.end_time }),
    },
  };
}
