import type { DbClient } from '../client.js';
import { toBuffer, toBytes } from '../bytes.js';
import { isUuid } from '../uuid.js';

export interface JobResultDto {
  jobId: string;
  /** When true, `insights` is ciphertext under the job's result key. */
  encrypted: boolean;
  /** The insights JSON as UTF-8, or its ciphertext. */
  insights: Buffer;
  createdAt: Date;
}

const resultSelect = { jobId: true, encrypted: true, insights: true, createdAt: true } as const;

/** Stores (or replaces, when an activity is retried) the result of a job. */
export async function put(db: DbClient, input: { jobId: string; encrypted: boolean; insights: Uint8Array }): Promise<JobResultDto> {
  const data = { encrypted: input.encrypted, insights: toBytes(input.insights) };
  const row = await db.jobResult.upsert({
    where: { jobId: input.jobId },
    create: { jobId: input.jobId, ...data },
    update: data,
    select: resultSelect,
  });
  return { ...row, insights: toBuffer(row.insights) };
}

export async function get(db: DbClient, jobId: string): Promise<JobResultDto | null> {
  if (!isUuid(jobId)) return null;
  const row = await db.jobResult.findUnique({ where: { jobId }, select: resultSelect });
  return row ? { ...row, insights: toBuffer(row.insights) } : null;
}
