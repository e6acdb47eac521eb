import { EXPORT_FORMATS } from '@quarry/exports';
import type { RecordFilter } from '@quarry/store';
import type { ExportTicket } from '../../exports/export-tickets.js';
import { builder, idOf } from './builder.js';
import { enumValues } from './enums.js';
import { RecordFilterInput } from './search.js';

const ExportFormatEnum = builder.enumType('ExportFormat', {
  description: 'What an export writes: CSV (RFC 4180), JSONL, Timesketch JSONL, Elastic Common Schema NDJSON, or Sigma matches in Hayabusa\u2019s columns.',
  values: enumValues(EXPORT_FORMATS),
});

const CreateExportTicketInput = builder.inputType('CreateExportTicketInput', {
  description: 'One export of a Completed job: one insight (insight), or its records narrowed as a search narrows them.',
  fields: (t) => ({
    jobId: t.id({ description: 'A Completed job.' }),
    format: t.field({ type: ExportFormatEnum }),
    insight: t.string({ required: false, description: 'The title of one insight: its table (CSV) or its rows (JSONL).' }),
    search: t.string({ defaultValue: '', description: 'Free text every exported record holds (at most 1,024 characters).' }),
    filters: t.field({ type: [RecordFilterInput], defaultValue: [], description: 'At most 32, ANDed.' }),
    startTime: t.field({ type: 'DateTime', required: false }),
    endTime: t.field({ type: 'DateTime', required: false }),
    bom: t.boolean({ defaultValue: false, description: 'CSV: a UTF-8 byte order mark first, for Excel.' }),
  }),
});

const ExportTicketRef = builder.objectRef<ExportTicket>('ExportTicket').implement({
  description: 'A single-use download of one export: GET the url (relative to this service) once, before expiresAt, with no headers.',
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

builder.mutationFields((t) => ({
  createExportTicket: t.field({
    type: ExportTicketRef,
    description:
      'Checks an export of a Completed job as REST GET /analysis/job/{job_id}/export would (same token and key; a private job needs its key) ' +
      'and returns a URL that downloads it once, within a minute. The URL holds no key. Each download is audited.',
    args: { input: t.arg({ type: CreateExportTicketInput }) },
    resolve: (_root, { input }, ctx) =>
      ctx.run('createExportTicket', {
        jobId: idOf('Job', input.jobId),
        format: input.format,
        ...(input.insight ? { insight: input.insight } : {}),
        search: input.search,
        filter: input.filters satisfies RecordFilter[],
        ...(input.startTime ? { startTime: input.startTime.getTime() } : {}),
        ...(input.endTime ? { endTime: input.endTime.getTime() } : {}),
        bom: input.bom,
      }),
  }),
}));
