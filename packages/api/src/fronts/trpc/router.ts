import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PARSE_CATEGORIES } from '@quarry/vocabulary';
import { isAppError } from '../../errors/app-error.js';
import { listFiles } from '../../files/list-files.js';
import { deleteFiles } from '../../files/delete-files.js';
import { deleteFilesSchema } from '../../files/delete-files.schema.js';
import { listJobs } from '../../jobs/list-jobs.js';
import { getJob } from '../../jobs/get-job.js';
import { watchJob } from '../../jobs/watch-job.js';
import { deleteJobs } from '../../jobs/delete-jobs.js';
import { deleteJobsSchema } from '../../jobs/delete-jobs.schema.js';
import { createParseJob } from '../../jobs/create-parse-job.js';
import { createParseJobSchemas, parseJobInput } from '../../jobs/create-parse-job.schema.js';
import { validate } from '../../validation.js';
import { lookupReference } from '../../lookups/lookup-reference.js';
import { searchRecords } from '../../search/search-records.js';
import { searchInput, searchRecordsSchema } from '../../search/search-records.schema.js';
import { createScanJob } from '../../scans/create-scan-job.js';
import { createScanJobSchema, scanJobInput } from '../../scans/create-scan-job.schema.js';
import { scanData } from '../../scans/scan-data.js';
import { scanDataInput, scanDataSchema } from '../../scans/scan-data.schema.js';
import { retrieveRules } from '../../rules/retrieve-rules.js';
import { retrieveRulesSchema } from '../../rules/retrieve-rules.schema.js';
import { getRuleSets } from '../../rules/get-rule-sets.js';
import { frontCaller, type FrontContext } from '../context.js';
import { internalErrorMessage } from '../internal-error.js';
import { TRPC_CODE } from './error-codes.js';
import { subscriptionStream } from './stream.js';

// isDev false: tRPC would otherwise put the stack trace (server paths) into every error's data.
const t = initTRPC.context<FrontContext>().create({
  isDev: false,
  // Subscriptions (SSE): a comment line every 15 s keeps proxies from closing a quiet stream, and
  // the client reconnects (the subscription starts again from the current state) after 30 s of silence.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter: ({ shape }) => ({ ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } }),
});

/**
 * Every procedure resolves its caller here and maps errors: AppErrors keep their message with the
 * matching code; anything else is logged under an error id that is all the caller sees.
 */
const procedure = t.procedure.use(async ({ ctx, next }) => {
  let result;
  try {
    result = await next({ ctx: { ...ctx, ...(await frontCaller(ctx)) } });
  } catch (err) {
    if (isAppError(err)) throw new TRPCError({ code: TRPC_CODE[err.code], message: err.message });
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(ctx.deps.log, 'trpc', err) });
  }
  if (result.ok) return result;
  const cause = result.error.cause;
  if (isAppError(cause)) throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message });
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(ctx.deps.log, 'trpc', cause ?? result.error) });
  }
  return result;
});

const anyObject = z.record(z.string(), z.unknown());
/** Scan engines; a file scan's job category is the contract's (`Yara`, `sigma`). */
const engine = z.enum(['yara', 'sigma']);
const SCAN_CATEGORY = { yara: 'Yara', sigma: 'sigma' } as const;

export const appRouter = t.router({
  lookup: procedure.input(anyObject).query(({ ctx, input }) => lookupReference(ctx.deps, ctx.caller, input)),
  search: procedure
    .input(z.object({ category: z.enum(PARSE_CATEGORIES), params: anyObject }))
    .query(({ ctx, input }) =>
      searchRecords(ctx.deps, ctx.caller, ctx.clientKey, input.category, searchInput(validate(searchRecordsSchema, input.params))),
    ),
  files: t.router({
    list: procedure.query(({ ctx }) => listFiles(ctx.deps, ctx.caller)),
    delete: procedure.input(anyObject).mutation(({ ctx, input }) => deleteFiles(ctx.deps, ctx.caller, validate(deleteFilesSchema, input))),
  }),
  scans: t.router({
    file: procedure
      .input(z.object({ engine, params: anyObject }))
      .mutation(({ ctx, input }) =>
        createScanJob(ctx.deps, ctx.caller, ctx.clientKey, scanJobInput(SCAN_CATEGORY[input.engine], validate(createScanJobSchema, input.params))),
      ),
    data: procedure
      .input(z.object({ engine, params: anyObject }))
      .mutation(({ ctx, input }) => scanData(ctx.deps, ctx.caller, scanDataInput(input.engine, validate(scanDataSchema, input.params)))),
  }),
  rules: procedure
    .input(z.object({ engine, params: anyObject }))
    .query(({ ctx, input }) => retrieveRules(ctx.deps, input.engine, validate(retrieveRulesSchema, input.params))),
  ruleSets: procedure.query(({ ctx }) => getRuleSets(ctx.deps)),
  jobs: t.router({
    list: procedure.query(({ ctx }) => listJobs(ctx.deps, ctx.caller)),
    get: procedure.input(z.object({ id: z.string() })).query(({ ctx, input }) => getJob(ctx.deps, ctx.caller, ctx.clientKey, input.id)),
    /** The job's status and progress as they change, until it finishes (watchJob). */
    watch: procedure
      .input(z.object({ id: z.string() }))
      .subscription(({ ctx, input, signal }) =>
        subscriptionStream(watchJob(ctx.deps, ctx.caller, ctx.clientKey, input.id, signal ?? new AbortController().signal), ctx.deps.log),
      ),
    delete: procedure.input(anyObject).mutation(({ ctx, input }) => deleteJobs(ctx.deps, ctx.caller, validate(deleteJobsSchema, input))),
    parse: procedure
      .input(z.object({ category: z.enum(PARSE_CATEGORIES), params: anyObject }))
      .mutation(({ ctx, input }) =>
        createParseJob(ctx.deps, ctx.caller, ctx.clientKey, parseJobInput(input.category, validate(createParseJobSchemas[input.category], input.params))),
      ),
  }),
});

export type AppRouter = typeof appRouter;
