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
import { searchRecords } from '../../search/search-records.js';
import { searchInput, searchRecordsSchema } from '../../search/search-records.schema.js';
import { createScanJob, type CreatedScanJob } from '../../scans/create-scan-job.js';
import { createScanJobSchema, scanJobInput } from '../../scans/create-scan-job.schema.js';
import { scanData } from '../../scans/scan-data.js';
import { scanDataInput, scanDataSchema, type ScanEngine } from '../../scans/scan-data.schema.js';
import { retrieveRules } from '../../rules/retrieve-rules.js';
import { retrieveRulesSchema } from '../../rules/retrieve-rules.schema.js';
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

const CreatedScanJobRef = builder.objectRef<CreatedScanJob>('CreatedScanJob').implement({
  fields: (t) => ({ id: t.exposeID('id'), jobName: t.exposeString('jobName'), category: t.exposeString('category') }),
});

/** `yara` or `sigma`; anything else is a request error with the service's wording. */
function scanEngine(value: string): ScanEngine {
  if (value !== 'yara' && value !== 'sigma') throw new AppError('BAD_REQUEST', `Unknown scan engine ${value}: use yara or sigma`);
  return value;
}

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
    rules: t.field({
      type: 'JSON',
      description: 'Community rule text by exact name (engine yara or sigma; params as the REST body): { name: [lines] }.',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) =>
        guarded(ctx, () => retrieveRules(ctx.deps, scanEngine(args.engine), validate(retrieveRulesSchema, args.params))),
    }),
    search: t.field({
      type: 'JSON',
      description: `Searches a completed parse job's records; category is one of ${PARSE_CATEGORIES.join(', ')}, params as the REST body. Answers {kind: 'records', title, columns, entries, total} or {kind: 'summary', job}.`,
      args: { category: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) =>
        guarded(ctx, ({ caller, clientKey }) => {
          const category = args.category;
          if (!isParseCategory(category)) throw new AppError('BAD_REQUEST', `Unknown parse category ${category}`);
          return searchRecords(ctx.deps, caller, clientKey, category, searchInput(validate(searchRecordsSchema, args.params)));
        }),
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
    scanFiles: t.field({
      type: CreatedScanJobRef,
      description: 'Starts a YARA or Sigma file-scan job (engine yara or sigma; params as the REST body).',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) =>
        guarded(ctx, ({ caller, clientKey }) => {
          const category = scanEngine(args.engine) === 'yara' ? 'Yara' : 'sigma';
          return createScanJob(ctx.deps, caller, clientKey, scanJobInput(category, validate(createScanJobSchema, args.params)));
        }),
    }),
    scanData: t.field({
      type: 'JSON',
      description: 'Scans base64 test data now (engine yara or sigma; params as the REST body): { kind: error, message } or { kind: matches, custom, matches, warnings, customRule }.',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) =>
        guarded(ctx, ({ caller }) => scanData(ctx.deps, caller, scanDataInput(scanEngine(args.engine), validate(scanDataSchema, args.params)))),
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
