import { openBuffer, sealBuffer } from '@quarry/crypto';
import { results, type DbClient } from '@quarry/db';
import type { Insight } from '@quarry/insights';

/**
 * A job's insights as one JSON document, sealed (AES-256-GCM) under the job key when the job is
 * private. Written by the worker, read by the services.
 */
export async function writeInsights(db: DbClient, jobId: string, jobKey: Buffer | null, insights: Insight[]): Promise<void> {
  const json = Buffer.from(JSON.stringify(insights), 'utf8');
  await results.put(
    db,
    jobKey ? { jobId, encrypted: true, insights: sealBuffer(json, jobKey, Buffer.from(jobId)) } : { jobId, encrypted: false, insights: json },
  );
}

/**
 * The job's insights, or null when none are stored. A private job's need its key: a wrong key fails
 * authentication (IntegrityError from @quarry/crypto), never decrypts to garbage. The job id is
 * bound in as associated data, so one job's sealed results cannot pass for another's.
 */
export async function readInsights(db: DbClient, jobId: string, jobKey: Buffer | null): Promise<Insight[] | null> {
  const row = await results.get(db, jobId);
  if (!row) return null;
  const bytes = row.encrypted ? (jobKey ? openBuffer(row.insights, jobKey, Buffer.from(jobId)) : null) : row.insights;
  return bytes ? (JSON.parse(bytes.toString('utf8')) as Insight[]) : null;
}
