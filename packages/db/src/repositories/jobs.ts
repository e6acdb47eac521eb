import type { DbClient } from '../client.js';
import { toBuffer, toBytes } from '../bytes.js';
import { DbError } from '../errors.js';
import type { Prisma } from '../generated/prisma/client.js';
import { isJobCategory, type JobCategory } from '@quarry/vocabulary';
import type { JobStatus, JobTier, Visibility } from '../generated/prisma/enums.js';
import { assertStorableText } from '../text.js';
import { atomically } from '../transaction.js';
import { isUuid } from '../uuid.js';

/** Non-secret job options as stored (e.g. `{ run_sigma_rules: true }`). */
export type JobParams = { [key: string]: Prisma.JsonValue };

export interface JobInputDto {
  position: number;
  fileId: string;
  fileName: string;
}

/** How far a running job is: bytes of its inputs read (or scanned) of their total. */
export interface JobProgressDto {
  done: number;
  total: number;
  unit: 'bytes';
}

/** What a job's watchers need after each event (status and progress), without its inputs. */
export interface JobStateDto {
  id: string;
  status: JobStatus;
  /** Null until a worker starts the job. */
  progress: JobProgressDto | null;
  finishedAt: Date | null;
}

export interface JobDto {
  id: string;
  jobName: string;
  category: JobCategory;
  status: JobStatus;
  ownerId: string | null;
  visibility: Visibility;
  tier: JobTier;
  workflowId: string;
  taskQueue: string;
  params: JobParams;
  /** The per-job result key wrapped under the caller's key; null for public jobs. */
  wrappedKey: Buffer | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  progress: JobProgressDto | null;
  /** In position order. */
  inputs: JobInputDto[];
}

export interface NewJob {
  /** Optional: lets the caller derive `workflowId` from the id before inserting. */
  id?: string;
  jobName: string;
  category: JobCategory;
  ownerId: string | null;
  visibility: Visibility;
  tier: JobTier;
  workflowId: string;
  taskQueue: string;
  params?: Prisma.InputJsonObject;
  wrappedKey: Uint8Array | null;
  /** Stored with positions 0, 1, ... in this order. */
  inputs: ReadonlyArray<{ fileId: string; fileName: string }>;
}

const jobSelect = {
  id: true,
  jobName: true,
  category: true,
  status: true,
  ownerId: true,
  visibility: true,
  tier: true,
  workflowId: true,
  taskQueue: true,
  params: true,
  wrappedKey: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  bytesDone: true,
  bytesTotal: true,
  inputs: { select: { position: true, fileId: true, fileName: true }, orderBy: { position: 'asc' } },
} as const;

const stateSelect = { id: true, status: true, finishedAt: true, bytesDone: true, bytesTotal: true } as const;

type ProgressColumns = { bytesDone: bigint | null; bytesTotal: bigint | null };
type JobRow = Omit<JobDto, 'wrappedKey' | 'params' | 'progress' | 'category'> &
  ProgressColumns & { category: string; wrappedKey: Uint8Array | null; params: Prisma.JsonValue };

function progressOf(row: ProgressColumns): JobProgressDto | null {
  if (row.bytesDone === null || row.bytesTotal === null) return null;
  // Inputs are bounded far below 2^53 bytes (the upload limits), so numbers are exact.
  return { done: Number(row.bytesDone), total: Number(row.bytesTotal), unit: 'bytes' };
}

/** The column is text under a CHECK kept equal to the vocabulary (category-check.ts). */
function categoryOf(value: string): JobCategory {
  if (!isJobCategory(value)) throw new DbError('invalid-argument', `job category ${JSON.stringify(value)} is not one this version knows`);
  return value;
}

function toDto(row: JobRow): JobDto {
  const { bytesDone, bytesTotal, params, category, ...rest } = row;
  return {
    ...rest,
    category: categoryOf(category),
    params: params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as JobParams) : {},
    wrappedKey: row.wrappedKey === null ? null : toBuffer(row.wrappedKey),
    progress: progressOf({ bytesDone, bytesTotal }),
  };
}

export async function create(db: DbClient, input: NewJob): Promise<JobDto> {
  if (!input.inputs.every((i) => isUuid(i.fileId))) {
    throw new DbError('invalid-argument', 'every job input needs a file id in UUID form');
  }
  assertStorableText(input.jobName, 'the job name');
  for (const i of input.inputs) assertStorableText(i.fileName, 'an input file name');
  const row = await db.job.create({
    data: {
      ...(input.id === undefined ? {} : { id: input.id }),
      jobName: input.jobName,
      category: input.category,
      ownerId: input.ownerId,
      visibility: input.visibility,
      tier: input.tier,
      workflowId: input.workflowId,
      taskQueue: input.taskQueue,
      params: input.params ?? {},
      wrappedKey: input.wrappedKey === null ? null : toBytes(input.wrappedKey),
      inputs: { create: input.inputs.map((i, position) => ({ position, fileId: i.fileId, fileName: i.fileName })) },
    },
    select: jobSelect,
  });
  return toDto(row);
}

/** The job whatever its owner; access rules (public, owner, key) are the caller's to apply. */
export async function get(db: DbClient, id: string): Promise<JobDto | null> {
  if (!isUuid(id)) return null;
  const row = await db.job.findUnique({ where: { id }, select: jobSelect });
  return row ? toDto(row) : null;
}

/** The job's status and progress only: read on every job event, so it skips the inputs. */
export async function getState(db: DbClient, id: string): Promise<JobStateDto | null> {
  if (!isUuid(id)) return null;
  const row = await db.job.findUnique({ where: { id }, select: stateSelect });
  return row ? { id: row.id, status: row.status, finishedAt: row.finishedAt, progress: progressOf(row) } : null;
}

/** The owner's jobs, newest first (the order job lists show). */
export async function listByOwner(db: DbClient, ownerId: string): Promise<JobDto[]> {
  if (!isUuid(ownerId)) return [];
  const rows = await db.job.findMany({
    where: { ownerId },
    select: jobSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(toDto);
}

/**
 * Moves a job to `status` and keeps its timestamps true: Processing records the first start
 * (a retried activity does not move it), Completed and Failed record the finish, Pending clears both
 * and the progress.
 * Returns false when the job no longer exists (e.g. deleted while running).
 */
export async function setStatus(db: DbClient, id: string, status: JobStatus, at: Date = new Date()): Promise<boolean> {
  if (!isUuid(id)) return false;
  const count = await db.$executeRaw`
    UPDATE "jobs" SET
      "status" = ${status}::"JobStatus",
      "started_at" = CASE
        WHEN ${status} = 'Pending' THEN NULL
        WHEN ${status} = 'Processing' THEN COALESCE("started_at", ${at}::timestamptz)
        ELSE "started_at" END,
      "finished_at" = CASE
        WHEN ${status} IN ('Completed', 'Failed') THEN ${at}::timestamptz
        ELSE NULL END,
      "bytes_done" = CASE WHEN ${status} = 'Pending' THEN NULL ELSE "bytes_done" END,
      "bytes_total" = CASE WHEN ${status} = 'Pending' THEN NULL ELSE "bytes_total" END
    WHERE "id" = ${id}::uuid`;
  return count === 1;
}

/**
 * Records how many of the inputs' bytes a running job has read. Only a Processing job moves: a late
 * write from an attempt that already finished (or was failed) leaves the final state alone.
 * Returns false when nothing changed that way.
 */
export async function setProgress(db: DbClient, id: string, done: number, total: number): Promise<boolean> {
  if (!isUuid(id)) return false;
  if (!Number.isSafeInteger(done) || !Number.isSafeInteger(total) || done < 0 || total < 0) {
    throw new DbError('invalid-argument', 'job progress must be whole, non-negative byte counts');
  }
  const { count } = await db.job.updateMany({
    where: { id, status: 'Processing' },
    data: { bytesDone: BigInt(Math.min(done, total)), bytesTotal: BigInt(total) },
  });
  return count === 1;
}

/** Deletes one job with its inputs and result; false when it did not exist. */
async function deleteOne(db: DbClient, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { count } = await db.job.deleteMany({ where: { id } });
  return count === 1;
}
export { deleteOne as delete };

/**
 * Deletes the owner's jobs (with inputs and results), all or nothing: false and nothing deleted
 * when any id is not one of the owner's jobs. Duplicate ids count once.
 */
export async function deleteMany(db: DbClient, ids: readonly string[], ownerId: string): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid) || !isUuid(ownerId)) return false;
  if (unique.length === 0) return true;
  return atomically(db, async (tx) => {
    const owned = await tx.job.count({ where: { id: { in: unique }, ownerId } });
    if (owned !== unique.length) return false;
    const { count } = await tx.job.deleteMany({ where: { id: { in: unique }, ownerId } });
    if (count !== unique.length) {
      throw new DbError('concurrent-change', 'jobs were deleted concurrently; nothing was deleted');
    }
    return true;
  });
}
