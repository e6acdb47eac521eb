import { rmSync } from 'node:fs';
import type { Db } from './database.js';

/**
 * FTS5 keeps an index in plain shadow tables (contentless, no column sizes: `fts_data`, `fts_idx`,
 * `fts_config`); tables of two indexes declared alike are interchangeable, so copying them moves
 * a finished index into the store as SQLite's own pages, without indexing anything again.
 */
const SHADOW_TABLES = ['fts_data', 'fts_idx', 'fts_config'];

/**
 * Replaces the store's (empty) trigram index with the one built in `file` (index-task.ts, under
 * the same key), then deletes that file. Runs outside a transaction: SQLite attaches no database
 * inside one.
 */
export function takeTextIndex(db: Db, file: string, key: string | null): void {
  // libsql's cipher opens an attached file with its KEY clause, as the store's own with its key.
  if (key === null) db.prepare('ATTACH ? AS built').run(file);
  else db.prepare('ATTACH ? AS built KEY ?').run(file, key);
  db.exec('BEGIN');
  try {
    for (const t of SHADOW_TABLES) db.exec(`DELETE FROM main.${t}; INSERT INTO main.${t} SELECT * FROM built.${t}`);
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  } finally {
    db.exec('DETACH built');
  }
  rmSync(file, { force: true });
}
