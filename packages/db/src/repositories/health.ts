import type { DbClient } from '../client.js';

/** Resolves when the database answers a trivial query (readiness checks). */
export async function ping(db: DbClient): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
