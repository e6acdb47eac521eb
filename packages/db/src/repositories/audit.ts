import type { DbClient } from '../client.js';
import type { Prisma } from '../generated/prisma/client.js';

/** What was done: a job's results left the service (more actions join as they are audited). */
export type AuditAction = 'export';

export interface AuditEventDto {
  id: string;
  at: Date;
  /** null: an anonymous caller. */
  actorId: string | null;
  action: AuditAction;
  jobId: string;
  details: { [key: string]: Prisma.JsonValue };
}

const auditSelect = { id: true, at: true, actorId: true, action: true, jobId: true, details: true } as const;

const dto = (row: { id: string; at: Date; actorId: string | null; action: string; jobId: string; details: Prisma.JsonValue }): AuditEventDto => ({
  ...row,
  action: row.action as AuditAction,
  details: (row.details ?? {}) as AuditEventDto['details'],
});

/** Records one audited action; `details` says what was asked, never what was returned. */
export async function record(
  db: DbClient,
  event: { actorId: string | null; action: AuditAction; jobId: string; details: { [key: string]: Prisma.InputJsonValue } },
): Promise<AuditEventDto> {
  return dto(await db.auditEvent.create({ data: event, select: auditSelect }));
}

/** A job's audited actions, oldest first. */
export async function forJob(db: DbClient, jobId: string): Promise<AuditEventDto[]> {
  return (await db.auditEvent.findMany({ where: { jobId }, orderBy: { at: 'asc' }, select: auditSelect })).map(dto);
}
