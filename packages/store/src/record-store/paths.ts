import { isParseCategory, type ParseCategory } from '@quarry/vocabulary';

/** Job ids are UUIDs; anything else is refused before it can name a file outside the store's namespace. */
const JOB_ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/;

export function checkJobId(jobId: string): string {
  if (!JOB_ID.test(jobId)) throw new TypeError(`not a job id: ${JSON.stringify(jobId)}`);
  return jobId;
}

/** The published store of a job: one shared file per job and category, `<jobId>.<category>.db`. */
export function storeName(jobId: string, category: ParseCategory): string {
  return `${checkJobId(jobId)}.${category}.db`;
}

/** The job a published store's name belongs to, or null for a name that is not a store's. */
export function jobOfStore(name: string): string | null {
  const parts = name.split('.');
  if (parts.length !== 3 || parts[2] !== 'db' || !isParseCategory(parts[1]) || !JOB_ID.test(parts[0]!)) return null;
  return parts[0]!;
}

/** Every file name that belongs to a job: its published stores and the files being built for them. */
export function belongsTo(fileName: string, jobId: string): boolean {
  return fileName.startsWith(`${checkJobId(jobId)}.`);
}
