import SchemaBuilder from '@pothos/core';
import { PARSE_CATEGORIES, isParseCategory } from '@quarry/vocabulary';
import { AppError } from '../../errors/app-error.js';
import { listFiles, type FileListEntry } from '../../files/list-files.js';
import { deleteFiles } from '../../files/delete-files.js';
import { deleteFilesSchema } from '../../files/delete-files.schema.js';
import { listJobs, type JobListEntry } from '../../jobs/list-jobs.js';
import { getJob, type JobView } from '../../jobs/get-job.js';
import { deleteJobs } from '../../jobs/delete-jobs.js';
import { deleteJobsSchema } from '../../jobs/delete-jobs.schema.js';
import { createParseJob, type CreatedJob } from '../../jobs/create-parse-job.js';
import { createParseJobSchemas, parseJobInput } from '../../jobs/create-parse-job.schema.js';
import { validate } from '../../validation.js';
import { lookupReference, type LookupAnswer } from '../../lookups/lookup-reference.js';
import { frontCaller, type FrontCaller, type FrontContext } from '../context.js';

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
    jobName: t.exposeString('jobName'),
    status: t.exposeString('status'),
    insights: t.field({ type: 'JSON', nullable: true, resolve: (j) => j.insights ?? null }),
  }),
});

const CreatedJobRef = builder.objectRef<CreatedJob>('CreatedJob').implement({
  fields: (t) => ({ id: t.exposeID('id'), jobName: t.exposeString('jobName'), category: t.exposeString('category') }),
});

const LookupRef = builder.objectRef<LookupAnswer>('LookupResult').implement({
  fields: (t) => ({
    columns: t.exposeStringList('columns'),
    rows: t.field({ type: 'JSON', description: 'Rows of strings, one per column.', resolve: (a) => a.rows }),
    total: t.exposeInt('total'),
  }),
});

/** Resolves the caller and runs the service; its AppErrors become GraphQL errors in maskError (handlers.ts). */
async function guarded<T>(ctx: FrontContext, fn: (who: FrontCaller) => Promise<T>): Promise<T> {
  return fn(await frontCaller(ctx));
}

builder.queryType({
  fields: (t) => ({
    files: t.field({ type: [FileRef], resolve: (_r, _a, ctx) => guarded(ctx, ({ caller }) => listFiles(ctx.deps, caller)) }),
    jobs: t.field({ type: [JobRef], resolve: (_r, _a, ctx) => guarded(ctx, ({ caller }) => listJobs(ctx.deps, caller)) }),
    lookup: t.field({
      type: LookupRef,
      description: 'Reference data on Windows executables (file_name) and event ids (event_id); params as the REST body.',
      args: { params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => guarded(ctx, ({ caller }) => lookupReference(ctx.deps, caller, args.params)),
    }),
    job: t.field({
      type: JobDetailRef,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => guarded(ctx, ({ caller, clientKey }) => getJob(ctx.deps, caller, clientKey, String(args.id))),
    }),
  }),
});

builder.mutationType({
  fields: (t) => ({
    deleteFiles: t.boolean({
      args: { ids: t.arg.stringList({ required: true }) },
      resolve: (_r, args, ctx) => guarded(ctx, ({ caller }) => deleteFiles(ctx.deps, caller, validate(deleteFilesSchema, args)).then(() => true)),
    }),
    deleteJobs: t.boolean({
      args: { ids: t.arg.stringList({ required: true }) },
      resolve: (_r, args, ctx) => guarded(ctx, ({ caller }) => deleteJobs(ctx.deps, caller, validate(deleteJobsSchema, args)).then(() => true)),
    }),
    parse: t.field({
      type: CreatedJobRef,
      description: `Starts a parse job; category is one of ${PARSE_CATEGORIES.join(', ')}, params as the REST body.`,
      args: { category: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) =>
        guarded(ctx, ({ caller, clientKey }) => {
          const category = args.category;
          if (!isParseCategory(category)) throw new AppError('BAD_REQUEST', `Unknown parse category ${category}`);
          const params = validate(createParseJobSchemas[category], args.params);
          return createParseJob(ctx.deps, caller, clientKey, parseJobInput(category, params));
        }),
    }),
  }),
});

export const graphqlSchema = builder.toSchema();
