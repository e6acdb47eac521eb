import type { DbClient } from '../client.js';
import { toBuffer, toBytes } from '../bytes.js';
import type { Prisma } from '../generated/prisma/client.js';

export interface ExportTicketDto {
  /** SHA-256 of the ticket's secret, hex. */
  id: string;
  ownerId: string | null;
  jobId: string;
  params: Prisma.JsonValue;
  /** A private job's result key sealed under the ticket's secret; null for public jobs. */
  sealedKey: Buffer | null;
  expiresAt: Date;
}

/** Stores a ticket, and drops the expired ones nobody used (so the table holds only live tickets). */
export async function create(
  db: DbClient,
  ticket: { id: string; ownerId: string | null; jobId: string; params: Prisma.InputJsonValue; sealedKey: Uint8Array | null; expiresAt: Date },
): Promise<void> {
  await db.exportTicket.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.exportTicket.create({ data: { ...ticket, sealedKey: ticket.sealedKey ? toBytes(ticket.sealedKey) : null } });
}

/**
 * Takes a ticket: deletes it and returns it when it existed and had not expired. One DELETE, so of
 * two concurrent takers exactly one gets it (single use).
 */
export async function take(db: DbClient, id: string, now = new Date()): Promise<ExportTicketDto | null> {
  const rows = await db.$queryRaw<
    { id: string; owner_id: string | null; job_id: string; params: Prisma.JsonValue; sealed_key: Uint8Array | null; expires_at: Date }[]
  >`DELETE FROM "export_tickets" WHERE "id" = ${id} RETURNING "id", "owner_id", "job_id", "params", "sealed_key", "expires_at"`;
  const row = rows[0];
  if (!row || row.expires_at <= now) return null;
  return {
    id: row.id,
    ownerId: row.owner_id,
    jobId: row.job_id,
    params: row.params,
    sealedKey: row.sealed_key ? toBuffer(row.sealed_key) : null,
    expiresAt: row.expires_at,
  };
}
