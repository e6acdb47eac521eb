import SchemaBuilder from '@pothos/core';
import { GraphQLError } from 'graphql';
import { isAppError } from '../errors/app-error.js';
import type { FrontContext } from '../fronts-context.js';
import { listFiles, type FileListEntry } from '../files/list-files.js';
import { listJobs, type JobListEntry } from '../jobs/list-jobs.js';
import { getJob, type JobView } from '../jobs/get-job.js';

const builder = new SchemaBuilder<{ Context: FrontContext; Scalars: { JSON: { Input: unknown; Output: unknown } } }>({});

builder.scalarType('JSON', { serialize: (v) => v, parseValue: (v) => v });

const FileRef = builder.objectRef<FileListEntry>('File').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    createdAt: t.string({ resolve: (f) => f.createdAt.toISOString() }),
    visibility: t.exposeString('visibility'),
    encrypted: t.exposeBoolean('encrypted'),
  }),
});

const JobRef = builder.objectRef<JobListEntry>('Job').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    jobName: t.exposeString('jobName'),
    status: t.exposeString('status'),
    category: t.exposeString('category'),
    visibility: t.exposeString('visibility'),
    createdAt: t.string({ resolve: (j) => j.createdAt.toISOString() }),
  }),
});

const JobDetailRef = builder.objectRef<JobView>('JobDetail').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    jobName: t.exposeString('job_name'),
    status: t.exposeString('status'),
    insights: t.field({ type: 'JSON', nullable: true, resolve: (j) => j.insights ?? null }),
  }),
});

/** AppErrors become GraphQL errors carrying the service's code. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isAppError(err)) throw new GraphQLError(err.message, { extensions: { code: err.code } });
    throw err;
  }
}

builder.queryType({
  fields: (t) => ({
    files: t.field({ type: [FileRef], resolve: (_r, _a, ctx) => guarded(() => listFiles(ctx.deps, ctx.caller)) }),
    jobs: t.field({ type: [JobRef], resolve: (_r, _a, ctx) => guarded(() => listJobs(ctx.deps, ctx.caller)) }),
    job: t.field({
      type: JobDetailRef,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => guarded(() => getJob(ctx.deps, ctx.caller, ctx.clientKey, String(args.id))),
    }),
  }),
});

export const graphqlSchema = builder.toSchema();
