import { z } from 'zod';
import { EXPORT_FORMATS } from '@quarry/exports';
import type { RecordQuery } from '@quarry/store';
import { INVALID_TIME_RANGE, isTimeRange, searchFields } from '../search/search-records.schema.js';

const INSIGHT = 'insight must be the title of one of the job\u2019s insights (1 to 256 characters)';

/**
 * An export of one job: the format, and what it covers: one insight table (`insight`), or the
 * job's records narrowed by the search's own filters and time window (no page bound). A malformed
 * job id reads as a job that is not found, as for getJob.
 */
export const exportJobSchema = z
  .object(
    {
      jobId: z.string({ error: 'id must be a string' }),
      format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
      insight: z.string({ error: INSIGHT }).min(1, { error: INSIGHT }).max(256, { error: INSIGHT }).optional(),
      search: searchFields.search.default(''),
      filter: searchFields.filter,
      startTime: searchFields.time,
      endTime: searchFields.time,
      /** CSV only: a UTF-8 byte order mark first, for Excel. */
      bom: z.boolean({ error: 'bom must be a boolean' }).default(false),
    },
    { error: 'export options must be an object' },
  )
  .refine((b) => isTimeRange(b.startTime, b.endTime), { error: INVALID_TIME_RANGE });

export type ExportJobInput = z.output<typeof exportJobSchema>;

/** The record query of an export (the search's, without its page). */
export function exportQuery(input: ExportJobInput): RecordQuery {
  return {
    search: input.search,
    filters: input.filter,
    ...(input.startTime === undefined ? {} : { startTime: input.startTime }),
    ...(input.endTime === undefined ? {} : { endTime: input.endTime }),
  };
}

/** Whether the export narrows the records at all (a whole-job JSONL also carries the insights' rows). */
export const isNarrowed = (q: RecordQuery): boolean => q.search !== '' || (q.filters ?? []).length > 0 || q.startTime !== undefined || q.endTime !== undefined;
