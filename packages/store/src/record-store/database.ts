import Database from 'libsql';
import { RecordStoreError } from './errors.js';

export type Db = InstanceType<typeof Database>;

/** libsql's options include the encryption key (AES-256-CBC pages), which its bundled typings omit. */
type Options = NonNullable<ConstructorParameters<typeof Database>[1]> & { encryptionKey?: string };

function connect(path: string, key: string | null): Db {
  const options: Options = key === null ? {} : { encryptionKey: key };
  return new Database(path, options);
}

/** libsql reports a wrong key (or a missing one, on an encrypted file) as "file is not a database". */
function isNotADatabase(err: unknown): boolean {
  return (err as { code?: unknown }).code === 'SQLITE_NOTADB';
}

function common(db: Db): void {
  // Sorts, temporary indexes and materialised subqueries stay in memory: a temporary file would be
  // plaintext beside an encrypted store.
  db.exec('PRAGMA temp_store = MEMORY');
}

/**
 * A new database file for a writer. The file is private to the writer until it is published, and
 * a failed build is thrown away whole, so there is nothing to roll back or recover: no journal
 * (nothing beside the file, encrypted or not) and no syncs until the writer syncs once at the end.
 */
export function createDatabase(path: string, key: string | null): Db {
  const db = connect(path, key);
  common(db);
  // Fewer, larger pages: fewer B-tree pages to split, encrypt and write per row.
  db.exec('PRAGMA page_size = 16384');
  db.exec('PRAGMA journal_mode = OFF');
  db.exec('PRAGMA synchronous = OFF');
  // 64 MiB of page cache: index pages of a large store stay resident while rows stream in.
  db.exec('PRAGMA cache_size = -65536');
  return db;
}

/**
 * A published store, for reading only. libsql ignores the `readonly` open flag, so the connection
 * is made query-only instead (it never writes, so no side files appear). The first read proves
 * the key: SQLite checks page 1 on first access, and a wrong key never decrypts it.
 */
export function openDatabase(path: string, key: string | null): Db {
  let db: Db | undefined;
  try {
    db = connect(path, key);
    common(db);
    db.exec('PRAGMA query_only = ON');
    db.exec('PRAGMA cache_size = -32768');
    db.prepare('SELECT count(*) FROM sqlite_schema').raw().get();
    return db;
  } catch (err) {
    db?.close();
    if (isNotADatabase(err)) {
      throw new RecordStoreError('wrong-key', key === null ? 'the record store is encrypted: a key is required' : 'the key does not open the record store', {
        cause: err,
      });
    }
    throw err;
  }
}
