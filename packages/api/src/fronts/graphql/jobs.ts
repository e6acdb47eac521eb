import type { Insight } from '@quarry/insights';
import { isFinished, isParseCategory, type JobTier } from '@quarry/vocabulary';
import { jobs as jobRows } from '@quarry/db';
import { AppError } from '../../errors/app-error.js';
import type { JobListEntry } from '../../jobs/list-jobs.js';
import type { JobProgress } from '../../jobs/watch-job.js';
import { builder, idOf } from './builder.js';
import type { GraphqlContext } from './context.js';
import { EvidenceTypeEnum, JobCategoryEnum, JobStatusEnum, TierEnum, VisibilityEnum } from './enums.js';
import { FileRef, loadFile } from './files.js';
import { InsightRef } from './insights.js';
import { connectionArgs, pageOf } from './paging.js';

export interface JobShape extends JobListEntry {
  tier?: JobTier;
  progress?: JobProgress | null;
  finishedAt?: Date | null;
  inputs?: { fileId: string; fileName: string }[];
}

export const JobRef = builder.objectRef<JobShape>('Job');

const ProgressUnitEnum = builder.enumType('ProgressUnit', {
  values: { BYTES: { value: 'bytes' as const, description: 'Bytes of the inputs read (or scanned).' } },
});
const JobProgressRef = builder.objectRef<JobProgress>('JobProgress').implement({
  fields: (t) => ({
    done: t.field({ type: 'SafeInt', resolve: (p) => p.done }),
    total: t.field({ type: 'SafeInt', resolve: (p) => p.total }),
    unit: t.expose('unit', { type: ProgressUnitEnum }),
    fraction: t.float({
      description: 'done / total, from 0 to 1 (1 for an empty input).',
      resolve: (p) => (p.total === 0 ? 1 : Math.min(1, p.done / p.total)),
    }),
  }),
});

/**
 * A job the caller may read, by uuid, through the getJob operation (someone else's private job is
 * NOT_FOUND, a missing key JOB_KEY_REQUIRED); then the fields getJob's view leaves out (visibility,
 * tier, progress, inputs) from the job's row, which that operation has just allowed.
 */
export function loadJob(ctx: GraphqlContext, jobId: string): Promise<JobShape & { insights: Insight[] | null }> {
  return ctx.once(`job:${jobId}`, async () => {
    const view = await ctx.run('getJob', { id: jobId });
    const row = await jobRows.get(ctx.deps.db, view.id);
    if (!row) throw new AppError('NOT_FOUND', `Job with ID ${jobId} not found`);
    return { ...row, status: view.status, insights: view.insights ?? null };
  });
}

/** Stored insights, once the job has finished (a Failed job carries Error insights). */
async function insightsOf(ctx: GraphqlContext, job: JobShape): Promise<Insight[] | null> {
  if (!isFinished(job.status)) return null;
  return (await loadJob(ctx, job.id)).insights ?? [];
}

builder.node(JobRef, {
  description: 'An analysis job: a parse of one evidence type, or a YARA/Sigma file scan.',
  id: { resolve: (j) => j.id },
  loadOne: (id, ctx) => loadJob(ctx, id),
  fields: (t) => ({
    uuid: t.exposeString('id', { description: 'The id REST uses (job_id).' }),
    name: t.exposeString('jobName', { description: 'A readable name given at creation (adjective-noun-number).' }),
    status: t.expose('status', { type: JobStatusEnum }),
    category: t.expose('category', { type: JobCategoryEnum }),
    evidenceType: t.field({
      type: EvidenceTypeEnum,
      nullable: true,
      description: 'The evidence type a parse job reads; null for scans.',
      resolve: (j) => (isParseCategory(j.category) ? j.category : null),
    }),
    visibility: t.expose('visibility', { type: VisibilityEnum }),
    tier: t.field({
      type: TierEnum,
      description: 'Who pays for the job (queue priority).',
      resolve: async (j, _a, ctx) => j.tier ?? (await loadJob(ctx, j.id)).tier!,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: async (j, _a, ctx) => (j.finishedAt !== undefined ? j.finishedAt : ((await loadJob(ctx, j.id)).finishedAt ?? null)),
    }),
    progress: t.field({
      type: JobProgressRef,
      nullable: true,
      description: "How far a worker has read the job's inputs; null until a worker starts it.",
      resolve: async (j, _a, ctx) => (j.progress !== undefined ? j.progress : ((await loadJob(ctx, j.id)).progress ?? null)),
    }),
    files: t.field({
      type: [JobFileRef],
      description: 'The files the job reads, in order, with their names at the time.',
      resolve: async (j, _a, ctx) => (j.inputs ?? (await loadJob(ctx, j.id)).inputs ?? []).map((i) => ({ fileId: i.fileId, name: i.fileName })),
    }),
    insights: t.field({
      type: [InsightRef],
      nullable: true,
      description: 'The results, once the job has finished (null before). A Failed job holds ErrorInsights.',
      complexity: { field: 5, multiplier: 20 },
      resolve: (j, _a, ctx) => insightsOf(ctx, j),
    }),
  }),
});

const JobFileRef = builder.objectRef<{ fileId: string; name: string }>('JobFile').implement({
  description: 'A file a job reads (the file itself may since have been deleted).',
  fields: (t) => ({
    fileUuid: t.exposeString('fileId'),
    name: t.exposeString('name'),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: 'The file, while it exists and the caller may read it.',
      resolve: (f, _a, ctx) => loadFile(ctx, f.fileId),
    }),
  }),
});

builder.queryFields((t) => ({
  jobs: t.connection(
    {
      type: JobRef,
      description: "The caller's own jobs, newest first (signed-in callers only).",
      ...connectionArgs,
      resolve: async (_root, args, ctx) => {
        return pageOf(args, await ctx.run('listJobs', undefined));
      },
    },
    {
      name: 'JobConnection',
      fields: (t) => ({ totalCount: t.int({ description: 'Items across all pages.', resolve: (c) => (c as { totalCount: number }).totalCount }) }),
    },
    { name: 'JobEdge' },
  ),
  job: t.field({
    type: JobRef,
    description: 'A job by id: its status, progress and, once finished, its insights.',
    args: { id: t.arg.id() },
    resolve: (_root, args, ctx) => loadJob(ctx, idOf('Job', args.id)),
  }),
}));

export const CreateJobPayloadRef = builder.objectRef<{ job: JobShape }>('CreateJobPayload').implement({
  fields: (t) => ({ job: t.field({ type: JobRef, description: 'The new job, Pending.', resolve: (p) => p.job }) }),
});
