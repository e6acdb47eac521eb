import { openBuffer, sealBuffer } from '@quarry/crypto';
import { results } from '@quarry/db';
import type { Insight } from '@quarry/insights';
import type { ServiceDeps } from '../deps.js';

/** Stores a job's insights, sealed under the job key when the job is private. */
export async function writeInsights(
  deps: Pick<ServiceDeps, 'db'>,
  jobId: string,
  jobKey: Buffer | null,
  insights: Insight[],
): Promise<void> {
  const json = Buffer.from(JSON.stringify(insights), 'utf8');
  await results.put(deps.db, jobKey ? { jobId, encrypted: true, insights: sealBuffer(json, jobKey) } : { jobId, encrypted: false, insights: json });
}

export async function readInsights(
  deps: Pick<ServiceDeps, 'db'>,
  jobId: string,
  jobKey: Buffer | null,
): Promise<Insight[] | null> {
  const row = await results.get(deps.db, jobId);
  if (!row) return null;
  const bytes = row.encrypted ? (jobKey ? openBuffer(row.insights, jobKey) : null) : row.insights;
  return bytes ? (JSON.parse(bytes.toString('utf8')) as Insight[]) : null;
}
