import type { DbClient } from './client.js';
import type { Prisma } from './generated/prisma/client.js';

/**
 * Runs `fn` atomically: in a new transaction on a root client, or inside the caller's transaction
 * when given a transaction client (whose rollback then undoes our work with theirs).
 */
export async function atomically<T>(db: DbClient, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(fn) : fn(db);
}
