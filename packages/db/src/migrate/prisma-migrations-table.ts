/**
 * The bookkeeping table exactly as Prisma's schema engine creates it on PostgreSQL, so that
 * `prisma migrate deploy/status` read our rows as their own.
 */
export const CREATE_PRISMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

/** The advisory lock key Prisma's migrate commands take, so our runner and theirs exclude each other. */
export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

export interface AppliedMigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}
