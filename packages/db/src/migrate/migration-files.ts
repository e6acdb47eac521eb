import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DbError } from '../errors.js';

export interface MigrationFile {
  /** Folder name, e.g. `20261121194500_init`; also the `migration_name` Prisma records. */
  name: string;
  sql: string;
  /** sha256 hex of the migration.sql bytes, as Prisma computes it. */
  checksum: string;
}

/** `<repo>/prisma/migrations`, the same path from src/migrate and dist/migrate. */
export function defaultMigrationsDir(): string {
  return fileURLToPath(new URL('../../../../prisma/migrations/', import.meta.url));
}

export function checksumOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Migration folders in the order Prisma applies them: by name, which starts with a timestamp. */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (cause) {
    throw new DbError('migrations-missing', `cannot read migrations folder ${dir}`, undefined, { cause });
  }
  await checkLockProvider(dir);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, name, 'migration.sql'));
    } catch (cause) {
      throw new DbError('migrations-missing', `migration ${name} has no readable migration.sql`, name, { cause });
    }
    files.push({ name, sql: bytes.toString('utf8'), checksum: checksumOf(bytes) });
  }
  return files;
}

/** Like `prisma migrate`, refuse a folder whose migration_lock.toml was made for another database. */
async function checkLockProvider(dir: string): Promise<void> {
  let lock: string;
  try {
    lock = await readFile(join(dir, 'migration_lock.toml'), 'utf8');
  } catch (cause) {
    throw new DbError('migrations-missing', `${dir} has no readable migration_lock.toml`, undefined, { cause });
  }
  const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(lock)?.[1];
  if (provider !== 'postgresql') {
    throw new DbError('migrations-missing', `migration_lock.toml names provider ${JSON.stringify(provider)}, expected "postgresql"`);
  }
}
