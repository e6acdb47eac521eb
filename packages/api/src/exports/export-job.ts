import { FILE_EXTENSIONS, MEDIA_TYPES } from '@quarry/exports';
import { audit, type JobDto } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { loadReadableJob } from '../jobs/access.js';
import { fileNameOf, textStream, type Download } from './download.js';
import { exportContent } from './export-content.js';
import type { ExportJobInput } from './export-job.schema.js';

/** A job an export may read, with its result key (null for public jobs). */
export interface ExportableJob {
  job: JobDto;
  jobKey: Buffer | null;
}

/**
 * The job as getJob would read it (someone else's private job is not found, a private job needs
 * its key and refuses a wrong one), and only once it has Completed: the search's answer otherwise.
 */
export async function exportableJob(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, jobId: string): Promise<ExportableJob> {
  const readable = await loadReadableJob(deps, caller, clientKey, jobId, `Job with ID ${jobId} not found`);
  if (readable.job.status !== 'Completed') throw new AppError('BAD_REQUEST', 'Job not completed');
  return readable;
}

/** A completed job exported as the request says, streamed; the export is audited before its first byte. */
export async function exportJob(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, input: ExportJobInput): Promise<Download> {
  return startExport(deps, caller.userId, await exportableJob(deps, caller, clientKey, input.jobId), input);
}

/** Starts an export of a job already admitted (by the request's credentials or by a ticket). */
export async function startExport(deps: ServiceDeps, actorId: string | null, { job, jobKey }: ExportableJob, input: ExportJobInput): Promise<Download> {
  const content = await exportContent(deps, job, jobKey, input);
  try {
    await audit.record(deps.db, { actorId, action: 'export', jobId: job.id, details: auditDetails(input) });
  } catch (err) {
    content.close();
    throw err;
  }
  return {
    contentType: MEDIA_TYPES[input.format],
    fileName: fileNameOf(job.jobName, input.insight, FILE_EXTENSIONS[input.format]),
    body: textStream(content.chunks, content.close, (err) => deps.log.error({ err, jobId: job.id, format: input.format }, 'export ended early')),
  };
}

/** What the audit keeps of an export: what was asked (search texts included: they are the caller's own words, not results). */
function auditDetails(input: ExportJobInput): { [key: string]: string | number | boolean | { field: string; operator: string; value: string }[] } {
  return {
    format: input.format,
    ...(input.insight === undefined ? {} : { insight: input.insight }),
    ...(input.search === '' ? {} : { search: input.search }),
    ...(input.filter.length === 0 ? {} : { filter: input.filter.map((f) => ({ field: f.field, operator: f.operator, value: f.value })) }),
    ...(input.startTime === undefined ? {} : { startTime: input.startTime }),
    ...(input.endTime === undefined ? {} : { endTime: input.endTime }),
  };
}
