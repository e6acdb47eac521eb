import SchemaBuilder from '@pothos/core';
import { PARSE_CATEGORIES, isParseCategory } from '@quarry/vocabulary';
import { AppError } from '../../errors/app-error.js';
import type { FileListEntry } from '../../files/list-files.js';
import type { JobListEntry } from '../../jobs/list-jobs.js';
import type { JobView } from '../../jobs/get-job.js';
import type { CreatedJob } from '../../jobs/create-parse-job.js';
import type { LookupAnswer } from '../../lookups/lookup-reference.js';
import type { CreatedScanJob } from '../../scans/create-scan-job.js';
import { requestFromHeaders } from '../../operations/admit.js';
import { evidenceOperationNames } from '../../operations/evidence.js';
import type { AnyOperation, OutputOf } from '../../operations/operation.js';
import { runOperation } from '../../operations/run.js';
import { operations } from '../../operations/table.js';
import type { FrontContext } from '../context.js';

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

/** Runs one operation of the table for this request; its AppErrors become GraphQL errors in maskError (handlers.ts). */
const run = <Op extends AnyOperation>(ctx: FrontContext, op: Op, input: unknown): Promise<OutputOf<Op>> =>
  runOperation(op, requestFromHeaders(ctx.deps, ctx.headers), input);

function parseCategory(value: string) {
  if (!isParseCategory(value)) throw new AppError('BAD_REQUEST', `Unknown parse category ${value}`);
  return evidenceOperationNames(value);
}

builder.queryType({
  fields: (t) => ({
    files: t.field({ type: [FileRef], resolve: (_r, _a, ctx) => run(ctx, operations.listFiles, undefined) }),
    jobs: t.field({ type: [JobRef], resolve: (_r, _a, ctx) => run(ctx, operations.listJobs, undefined) }),
    lookup: t.field({
      type: LookupRef,
      description: 'Reference data on Windows executables (file_name) and event ids (event_id).',
      args: { params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.lookup, args.params),
    }),
    rules: t.field({
      type: 'JSON',
      description: 'Community rule text by exact name (engine yara or sigma; params {ruleNames}): { name: [lines] }.',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.retrieveRules, { ...(args.params as object), engine: args.engine }),
    }),
    search: t.field({
      type: 'JSON',
      description: `Searches a completed parse job's records; category is one of ${PARSE_CATEGORIES.join(', ')}. Answers {kind: 'records', title, columns, entries, total} or {kind: 'summary', job}.`,
      args: { category: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations[parseCategory(args.category).search], args.params),
    }),
    job: t.field({
      type: JobDetailRef,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.getJob, { id: String(args.id) }),
    }),
  }),
});

builder.mutationType({
  fields: (t) => ({
    deleteFiles: t.boolean({
      args: { ids: t.arg.stringList({ required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.deleteFiles, args).then(() => true),
    }),
    deleteJobs: t.boolean({
      args: { ids: t.arg.stringList({ required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.deleteJobs, args).then(() => true),
    }),
    scanFiles: t.field({
      type: CreatedScanJobRef,
      description: 'Starts a YARA or Sigma file-scan job (engine yara or sigma; params {fileIds, operation, rule}).',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.scanFiles, { ...(args.params as object), engine: args.engine }),
    }),
    scanData: t.field({
      type: 'JSON',
      description: 'Scans base64 test data now (engine yara or sigma; params {testData, operation, rule}): { kind: error, message } or { kind: matches, custom, matches, warnings, customRule }.',
      args: { engine: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations.scanData, { ...(args.params as object), engine: args.engine }),
    }),
    parse: t.field({
      type: CreatedJobRef,
      description: `Starts a parse job; category is one of ${PARSE_CATEGORIES.join(', ')}, params {fileIds, runSigmaRules}.`,
      args: { category: t.arg.string({ required: true }), params: t.arg({ type: 'JSON', required: true }) },
      resolve: (_r, args, ctx) => run(ctx, operations[parseCategory(args.category).parse], args.params),
    }),
  }),
});

export const graphqlSchema = builder.toSchema();
