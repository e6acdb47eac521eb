import { join } from 'node:path';
import type { ParseCategory } from '@quarry/vocabulary';

/** Job ids are UUIDs; anything else is refused before it can name a path outside the directory. */
const JOB_ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/;

export function checkJobId(jobId: string): string {
  if (!JOB_ID.test(jobId)) throw new TypeError(`not a job id: ${JSON.stringify(jobId)}`);
  return jobId;
}

/** The published store of a job: one file per job and category, `<jobId>.<category>.db`. */
export function storePath(dir: string, jobId: string, category: ParseCategory): string {
  return join(dir, `${checkJobId(jobId)}.${category}.db`);
}

/** Every file name that belongs to a job: published stores, their side files and unfinished temp files. */
export function belongsTo(fileName: string, jobId: string): boolean {
  return fileName.startsWith(`${checkJobId(jobId)}.`);
}
