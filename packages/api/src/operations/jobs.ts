import { z } from 'zod';
import { deleteJobs } from '../jobs/delete-jobs.js';
import { deleteJobsSchema } from '../jobs/delete-jobs.schema.js';
import { getJob } from '../jobs/get-job.js';
import { listJobs } from '../jobs/list-jobs.js';
import { watchJob } from '../jobs/watch-job.js';
import { noInput, operation } from './operation.js';

export const getJobOperation = operation({
  name: 'getJob',
  kind: 'query',
  summary: "A job's status, with its insights once it has finished (a private job needs its owner's token and key).",
  access: 'anyone',
  key: 'optional',
  transport: 'json',
  input: z.object({ id: z.string({ error: 'id must be a string' }) }),
  run: (ctx, input) => getJob(ctx.deps, ctx.caller, ctx.clientKey, input.id),
});

export const watchJobOperation = operation({
  name: 'watchJob',
  kind: 'subscription',
  summary: "A job's status and progress now and at each change, until it has finished (access as getJob).",
  access: 'anyone',
  key: 'optional',
  transport: 'json',
  input: z.object({ id: z.string({ error: 'id must be a string' }) }),
  // A stream that has not started yet: the front pulls its first state (and any refusal) itself.
  run: async (ctx, input) => watchJob(ctx.deps, ctx.caller, ctx.clientKey, input.id, ctx.signal ?? new AbortController().signal),
});

export const listJobsOperation = operation({
  name: 'listJobs',
  kind: 'query',
  summary: "The caller's jobs, newest first.",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: noInput,
  run: (ctx) => listJobs(ctx.deps, ctx.caller),
});

export const deleteJobsOperation = operation({
  name: 'deleteJobs',
  kind: 'mutation',
  summary: "Deletes the caller's jobs with their results, all or nothing (running jobs are stopped first).",
  access: 'signedIn',
  key: 'ignored',
  transport: 'json',
  input: deleteJobsSchema,
  run: (ctx, input) => deleteJobs(ctx.deps, ctx.caller, input),
});
