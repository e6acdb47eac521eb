import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DbError, defaultMigrationsDir, migrate } from '../src/index.js';
import { freshDatabase, query } from './support/database.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function database(): Promise<string> {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  return db.url;
}

/** A writable copy of the real migrations folder, for tests that add or edit migrations. */
async function migrationsCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await cp(defaultMigrationsDir(), dir, { recursive: true });
  return dir;
}

async function addMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(join(dir, name));
  await writeFile(join(dir, name, 'migration.sql'), sql);
}

async function realMigrationNames(): Promise<string[]> {
  const entries = await readdir(defaultMigrationsDir(), { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

describe('migrate', () => {
  test('applies every migration once and records rows as Prisma does', async () => {
    const url = await database();
    const names = await realMigrationNames();
    expect(names.length).toBeGreaterThan(0);

    expect(await migrate(url)).toEqual({ applied: names });
    expect(await migrate(url)).toEqual({ applied: [] });

    const rows = await query<MigrationRow>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY started_at');
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(join(defaultMigrationsDir(), row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
  });

  test('creates _prisma_migrations with the column types Prisma uses', async () => {
    const url = await database();
    await migrate(url);
    const columns = await query<{ column_name: string; data_type: string; is_nullable: string; len: number | null }>(
      url,
      `SELECT column_name, data_type, is_nullable, character_maximum_length AS len
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', is_nullable: 'NO', len: 36 },
      { column_name: 'checksum', data_type: 'character varying', is_nullable: 'NO', len: 64 },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', is_nullable: 'YES', len: null },
      { column_name: 'migration_name', data_type: 'character varying', is_nullable: 'NO', len: 255 },
      { column_name: 'logs', data_type: 'text', is_nullable: 'YES', len: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', is_nullable: 'YES', len: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', is_nullable: 'NO', len: null },
      { column_name: 'applied_steps_count', data_type: 'integer', is_nullable: 'NO', len: null },
    ]);
  });

  test('concurrent starters apply each migration exactly once', async () => {
    const url = await database();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const names = await realMigrationNames();
    expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
    const rows = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM "_prisma_migrations"');
    expect(Number(rows[0]?.n)).toBe(names.length);
  });

  test('applies a later migration on top of earlier ones', async () => {
    const url = await database();
    const dir = await migrationsCopy();
    await migrate(url, { migrationsDir: dir });
    await addMigration(dir, '29991231000000_add_note', 'ALTER TABLE "users" ADD COLUMN "note" TEXT;\n');
    expect(await migrate(url, { migrationsDir: dir })).toEqual({ applied: ['29991231000000_add_note'] });
    const cols = await query(url, `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'note'`);
    expect(cols).toHaveLength(1);
  });

  test('refuses when an applied migration was edited', async () => {
    const url = await database();
    const dir = await migrationsCopy();
    await migrate(url, { migrationsDir: dir });
    const [first] = await realMigrationNames();
    const file = join(dir, first!, 'migration.sql');
    await writeFile(file, `${await readFile(file, 'utf8')}\n-- edited\n`);
    const error = await migrate(url, { migrationsDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect(error).toMatchObject({ code: 'migration-checksum', migration: first });
  });

  test('a failing migration is rolled back whole and not recorded', async () => {
    const url = await database();
    const dir = await migrationsCopy();
    await migrate(url, { migrationsDir: dir });
    await addMigration(dir, '29991231000000_broken', 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT no_such_function();\n');
    const error = await migrate(url, { migrationsDir: dir }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DbError', code: 'migration-failed', migration: '29991231000000_broken' });
    expect(await query(url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`)).toHaveLength(0);
    expect(await query(url, `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '29991231000000_broken'`)).toHaveLength(0);
  });

  test('refuses while _prisma_migrations records a failed attempt (as prisma migrate deploy does)', async () => {
    const url = await database();
    await migrate(url);
    await query(
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, applied_steps_count)
       VALUES ('00000000-0000-4000-8000-000000000000', repeat('0', 64), '29991231000000_other', 0)`,
    );
    await expect(migrate(url)).rejects.toMatchObject({ code: 'migration-failed', migration: '29991231000000_other' });
  });

  test('refuses a folder whose migration_lock.toml is missing or names another provider', async () => {
    const url = await database();
    const dir = await migrationsCopy();
    await writeFile(join(dir, 'migration_lock.toml'), 'provider = "mysql"\n');
    await expect(migrate(url, { migrationsDir: dir })).rejects.toMatchObject({ code: 'migrations-missing' });
    await rm(join(dir, 'migration_lock.toml'));
    await expect(migrate(url, { migrationsDir: dir })).rejects.toMatchObject({ code: 'migrations-missing' });
    expect(await query(url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'users'`)).toHaveLength(0);
  });

  test('reports a missing migrations folder', async () => {
    const url = await database();
    await expect(migrate(url, { migrationsDir: join(tmpdir(), 'no-such-quarry-dir') })).rejects.toMatchObject({
      code: 'migrations-missing',
    });
  });
});
