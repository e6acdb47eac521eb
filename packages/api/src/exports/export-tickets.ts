import { createHash, randomBytes } from 'node:crypto';
import { openBuffer, sealBuffer } from '@quarry/crypto';
import { exportTickets, jobs } from '@quarry/db';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { Download } from './download.js';
import { exportContent } from './export-content.js';
import { exportableJob, startExport } from './export-job.js';
import { exportJobSchema, type ExportJobInput } from './export-job.schema.js';

/** How long a ticket may wait for its download: long enough for a click, too short to share. */
export const TICKET_TTL_MS = 60_000;

/** Where a ticket is downloaded (REST): the path, then the ticket. */
export const EXPORT_DOWNLOAD_PATH = '/analysis/export';

/** A single-use download of one export: a relative URL (no key in it) and when it lapses. */
export interface ExportTicket {
  url: string;
  expiresAt: Date;
}

const SECRET_BYTES = 32;
const NOT_FOUND = 'Export ticket not found or expired';
const idOf = (secret: Buffer): string => createHash('sha256').update(secret).digest('hex');

/**
 * For fronts that cannot stream a file (tRPC, GraphQL): admits the export now, with the request's
 * token and key, exactly as the streamed export would (same errors), and hands out a URL to fetch it
 * once, within a minute, with no headers (a browser link). The URL holds a random secret; the
 * database keeps its hash, and a private job's result key sealed under it: never the client key.
 */
export async function createExportTicket(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, input: ExportJobInput): Promise<ExportTicket> {
  const readable = await exportableJob(deps, caller, clientKey, input.jobId);
  // The same checks the download will make (insight, query), so a ticket never promises an error.
  (await exportContent(deps, readable.job, readable.jobKey, input)).close();
  const secret = randomBytes(SECRET_BYTES);
  const id = idOf(secret);
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await exportTickets.create(deps.db, {
    id,
    ownerId: caller.userId,
    jobId: readable.job.id,
    params: JSON.parse(JSON.stringify(input)) as object,
    sealedKey: readable.jobKey ? sealBuffer(readable.jobKey, secret, Buffer.from(id)) : null,
    expiresAt,
  });
  return { url: `${EXPORT_DOWNLOAD_PATH}/${secret.toString('base64url')}`, expiresAt };
}

/** Downloads a ticket's export, once: as its creator, audited like any export. */
export async function downloadExport(deps: ServiceDeps, ticket: string): Promise<Download> {
  const secret = Buffer.from(ticket, 'base64url');
  if (secret.length !== SECRET_BYTES || secret.toString('base64url') !== ticket) throw new AppError('NOT_FOUND', NOT_FOUND);
  const row = await exportTickets.take(deps.db, idOf(secret));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  const job = await jobs.get(deps.db, row.jobId);
  // The job may have changed hands or been deleted since (a deleted job takes its tickets with it).
  if (!job || (job.visibility === 'private' && job.ownerId !== row.ownerId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const jobKey = row.sealedKey ? openBuffer(row.sealedKey, secret, Buffer.from(row.id)) : null;
  return startExport(deps, row.ownerId, { job, jobKey }, exportJobSchema.parse(row.params));
}
