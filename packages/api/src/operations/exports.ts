import { z } from 'zod';
import { createExportTicket, downloadExport } from '../exports/export-tickets.js';
import { exportJob } from '../exports/export-job.js';
import { exportJobSchema } from '../exports/export-job.schema.js';
import { operation } from './operation.js';

export const exportJobOperation = operation({
  name: 'exportJob',
  kind: 'query',
  summary: 'A completed job exported as CSV, JSONL, Timesketch, ECS or Sigma-match files, streamed (access as getJob; audited).',
  access: 'anyone',
  key: 'optional',
  transport: 'json',
  result: 'stream',
  input: exportJobSchema,
  run: (ctx, input) => exportJob(ctx.deps, ctx.caller, ctx.clientKey, input),
});

export const createExportTicketOperation = operation({
  name: 'createExportTicket',
  kind: 'mutation',
  summary: 'Checks an export as exportJob would and returns a single-use URL that downloads it within a minute, with no headers.',
  access: 'anyone',
  key: 'optional',
  transport: 'json',
  input: exportJobSchema,
  run: (ctx, input) => createExportTicket(ctx.deps, ctx.caller, ctx.clientKey, input),
});

export const downloadExportOperation = operation({
  name: 'downloadExport',
  kind: 'query',
  summary: "Downloads an export ticket's file, once (the ticket stands for its creator's token and key).",
  access: 'anyone',
  key: 'ignored',
  transport: 'json',
  result: 'stream',
  input: z.object({ ticket: z.string({ error: 'Export ticket not found or expired' }).max(64, { error: 'Export ticket not found or expired' }) }),
  run: (ctx, input) => downloadExport(ctx.deps, input.ticket),
});
