import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isAppError, type AppErrorCode } from '../errors/app-error.js';
import type { FrontContext } from '../fronts-context.js';
import { listFiles } from '../files/list-files.js';
import { deleteFiles } from '../files/delete-files.js';
import { listJobs } from '../jobs/list-jobs.js';
import { getJob } from '../jobs/get-job.js';
import { deleteJobs } from '../jobs/delete-jobs.js';

type TrpcCode = TRPCError['code'];
const TRPC_CODE: Record<AppErrorCode, TrpcCode> = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_TOKEN_FORMAT: 'UNAUTHORIZED',
  INVALID_KEY_FORMAT: 'BAD_REQUEST',
  KEY_REQUIRED: 'BAD_REQUEST',
  JOB_KEY_REQUIRED: 'FORBIDDEN',
  WRONG_KEY: 'FORBIDDEN',
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TIMEOUT: 'TIMEOUT',
  JOB_NOT_COMPLETED: 'BAD_REQUEST',
};

const t = initTRPC.context<FrontContext>().create();

/** Services throw AppError; tRPC callers get the matching code and the same message. */
const procedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

const ids = z.object({ ids: z.array(z.string()).min(1) });

export const appRouter = t.router({
  files: t.router({
    list: procedure.query(({ ctx }) => listFiles(ctx.deps, ctx.caller)),
    delete: procedure.input(ids).mutation(({ ctx, input }) => deleteFiles(ctx.deps, ctx.caller, input.ids)),
  }),
  jobs: t.router({
    list: procedure.query(({ ctx }) => listJobs(ctx.deps, ctx.caller)),
    get: procedure.input(z.object({ id: z.string() })).query(({ ctx, input }) => getJob(ctx.deps, ctx.caller, ctx.clientKey, input.id)),
    delete: procedure.input(ids).mutation(({ ctx, input }) => deleteJobs(ctx.deps, ctx.caller, input.ids)),
  }),
});

export type AppRouter = typeof appRouter;
