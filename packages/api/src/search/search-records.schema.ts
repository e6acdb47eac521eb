import { z } from 'zod';
import type { SearchQuery } from '@quarry/store';
import { FILTER_OPERATORS, PAGE_BOUNDS, SHOW_BOUNDS, boundsMessage, type Bounds } from '@quarry/vocabulary';

const FILTER_SHAPE = 'filter must be an array of {field, operator, value} objects';
const TIME = 'start_time and end_time must be integers (Unix milliseconds)';
const bounded = (name: string, bounds: Bounds) => {
  const message = boundsMessage(name, bounds);
  return z.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message }).default(bounds.default);
};
const unixMs = z.number({ error: TIME }).int({ error: TIME });

/**
 * The search fields, one schema each, shared by the camelCase input and REST's snake_case body
 * (packages/rest-compat). Messages the contract does not give are ours (docs/api-decisions.md); a
 * malformed job id reads as a job that is not found.
 */
export const searchFields = {
  jobId: z.string({ error: 'Job not found' }),
  search: z.string({ error: 'search must be a string (empty to browse)' }).max(1024, { error: 'search is longer than 1024 characters' }),
  browseEvents: z.boolean({ error: 'browse_events must be a boolean' }),
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
  page: bounded('page', PAGE_BOUNDS),
  show: bounded('show', SHOW_BOUNDS),
  time: unixMs.optional(),
};

export const NOT_AN_OBJECT = 'Request body must be a JSON object';
export const INVALID_TIME_RANGE = 'Invalid time range';
export const isTimeRange = (start: number | undefined, end: number | undefined): boolean => start === undefined || end === undefined || start <= end;

/** A search of one parse job's records (every evidence type has the same input). */
export const searchRecordsSchema = z
  .object(
    {
      jobId: searchFields.jobId,
      search: searchFields.search,
      browseEvents: searchFields.browseEvents,
      filter: searchFields.filter,
      page: searchFields.page,
      show: searchFields.show,
      startTime: searchFields.time,
      endTime: searchFields.time,
    },
    { error: NOT_AN_OBJECT },
  )
  .refine((b) => isTimeRange(b.startTime, b.endTime), { error: INVALID_TIME_RANGE });

export type SearchRecordsInput = z.output<typeof searchRecordsSchema>;

/** The service's input. */
export function searchInput(input: SearchRecordsInput): { jobId: string; browseEvents: boolean; query: SearchQuery } {
  return {
    jobId: input.jobId,
    browseEvents: input.browseEvents,
    query: {
      search: input.search,
      filters: input.filter,
      page: input.page,
      show: input.show,
      ...(input.startTime === undefined ? {} : { startTime: input.startTime }),
      ...(input.endTime === undefined ? {} : { endTime: input.endTime }),
    },
  };
}
