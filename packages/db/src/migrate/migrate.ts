import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DbError } from '../errors.js';
import { syncCategoryCheck } from './category-check.js';
import { defaultMigrationsDir, readMigrationFiles, type MigrationFile } from './migration-files.js';
import { CREATE_PRISMA_MIGRATIONS_TABLE, PRISMA_ADVISORY_LOCK_KEY, type AppliedMigrationRow } from './prisma-migrations-table.js';

export interface MigrateOptions {
  /** Defaults to `<repo>/prisma/migrations`. */
  migrationsDir?: string;
}

export interface MigrateResult {
  /** Names of the migrations this call applied, in order (empty when up to date). */
  applied: string[];
}

/**
 * Applies pending migrations from prisma/migrations, each in its own transaction, recording
 * `_prisma_migrations` rows as Prisma's `migrate deploy` does. Holds Prisma's advisory lock for the
 * whole run so concurrent starters (or a real `prisma migrate deploy`) apply each migration once.
 * Then the job categories' CHECK constraint is brought up to the vocabulary (category-check.ts).
 */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const files = await readMigrationFiles(options.migrationsDir ?? defaultMigrationsDir());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
    try {
      await client.query(CREATE_PRISMA_MIGRATIONS_TABLE);
      const { rows } = await client.query<AppliedMigrationRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at
           FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at`,
      );
      const pending = pendingMigrations(files, rows);
      const applied: string[] = [];
      for (const file of pending) {
        await applyOne(client, file);
        applied.push(file.name);
      }
      await syncCategoryCheck(client);
      return { applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** Local migrations not yet applied; refuses on a failed attempt or an edited applied migration. */
function pendingMigrations(files: MigrationFile[], rows: AppliedMigrationRow[]): MigrationFile[] {
  const failed = rows.find((r) => r.finished_at === null);
  if (failed) {
    throw new DbError(
      'migration-failed',
      `migration ${failed.migration_name} is recorded as failed in _prisma_migrations; resolve it before migrating`,
      failed.migration_name,
    );
  }
  const appliedChecksums = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  const pending: MigrationFile[] = [];
  for (const file of files) {
    const checksum = appliedChecksums.get(file.name);
    if (checksum === undefined) pending.push(file);
    else if (checksum !== file.checksum) {
      throw new DbError(
        'migration-checksum',
        `migration ${file.name} was modified after it was applied (checksum ${checksum} in the database, ${file.checksum} on disk)`,
        file.name,
      );
    }
  }
  return pending;
}

async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  await client.query('BEGIN');
  try {
    const id = randomUUID();
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [id, file.checksum, file.name],
    );
    // Simple-query protocol (no parameters) so a multi-statement script runs as Prisma runs it.
    await client.query(file.sql);
    await client.query(`UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query('COMMIT');
  } catch (cause) {
    await client.query('ROLLBACK');
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DbError('migration-failed', `migration ${file.name} failed: ${reason}`, file.name, { cause });
  }
}
