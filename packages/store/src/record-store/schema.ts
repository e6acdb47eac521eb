import type { Db } from './database.js';
import { RecordStoreError } from './errors.js';
import type { AnyShape } from './rows/shape.js';
import { GRAMS_TABLE } from './trigram-index.js';

/** What the schema reads of a row shape (plain data: the writer thread gets a copy). */
export type SchemaShape = Pick<
  AnyShape,
  'category' | 'sqlColumns' | 'recordColumns' | 'indexed' | 'slotted' | 'leadingParts' | 'severalTimes' | 'fieldsColumn'
>;

/** Bumped whenever the layout changes; a store of another version is refused, not misread. */
export const FORMAT_VERSION = '11';
/**
 * Formats this version reads, with the same queries: a format-10 store is a format-11 one whose
 * `slotted` columns (EVTX event and record ids) have B-tree indexes (`rows_event_id`,
 * `rows_record_id`) and no pair slots, so the reader never narrows by those slots there; a
 * format-9 store is a format-10 one whose short event-data values are narrowed through a `pairs`
 * table (name, lowercased value, group; keyed by all three, without a rowid) instead of their
 * slots in `grams`; a format-8 store is a
 * format-9 one whose trigram index is an FTS5 table (`fts`, a contentless trigram index with
 * detail=none over the same documents) instead of `grams`; a format-7 store is a format-8 one
 * with every registry key kept as JSON (no hive bytes in `chunks`); a format-6 store is a format-7
 * one whose `pairs` table has a rowid and a separate index on (name, value, grp); a format-5 store
 * is a format-6 one with no record kept in a chunk.
 */
export const READABLE_FORMATS: readonly string[] = ['5', '6', '7', '8', '9', '10', FORMAT_VERSION];

/** The first format whose text index holds the `slotted` columns' pair slots (see READABLE_FORMATS). */
export const SLOTTED_FORMAT = 11;

/**
 * Rows per text group: the trigram index has one document per group of this many consecutive rows
 * (row ids `g * TEXT_GROUP + 1` to `(g + 1) * TEXT_GROUP`), holding each distinct text part of
 * the group once. Neighbouring rows repeat most values, so the index sees a fraction of the text
 * and its doclists are a 64th as long; a match is then checked row by row against `rows.text`.
 */
export const TEXT_GROUP = 64;
export const TEXT_GROUP_SHIFT = 6;

/**
 * Tables every store has:
 * - rows: one per IndexTable row, with the category's columns (text compares case-insensitively),
 *   `time` (Unix ms), where its record is (`block`, `slot`: a payload's block and place in it, or
 *   for a record kept in its EVTX chunk minus the chunk's id and the record's file offset) and `text`, the row's
 *   searchable parts lowercased and joined by newlines (what `search` is checked against);
 * - grams: the trigram index over groups of rows (TEXT_GROUP; trigram-index.ts): for each segment
 *   (a run of groups) and trigram, the groups whose document holds it, in rows of a few KiB keyed
 *   by segment and first trigram; it narrows a search to the groups holding every trigram of it.
 *   It also lists, under a hash of each (name, value) (trigram-index.ts pairSlot), the groups
 *   holding every distinct short EVTX event-data value (SHORT_VALUE characters at most), which
 *   narrows `details.<name> equals` filters: such values are mostly digits, which hold no trigram
 *   the index keeps (text-index.ts); and likewise each short value of the shape's `slotted`
 *   columns (EVTX event and record ids) under its column's pair name (rows/shape.ts columnPair);
 * - blocks: the records' payloads, compressed in blocks (codec.ts);
 * - chunks: compressed EVTX chunks as read from the input (`idx`: the chunk's index in its
 *   file), from which live records are read again; for registry, a hive's bytes as parsed, in
 *   pieces of 1 MiB (`idx`: the piece's number; the hives table names the first and how many),
 *   from which live keys are read again (rows/registry-place.ts);
 * - recs (shapes with recordColumns: registry): the cells a record's rows share, once per record,
 *   with their lowercased `text`; rows reference it by `rec`, and a row's searchable text is its
 *   record's text, a newline, then its own;
 * - inputs, meta; and the side tables shapes use as they need: times (rows with several times:
 *   prefetch runs), templates (message templates: EVTX), hives (values records share: registry hives).
 */
export function createSchema(db: Db, shape: SchemaShape): void {
  const sql = (c: { name: string; type: 'TEXT' | 'INTEGER' }): string => `${c.name} ${c.type}${c.type === 'TEXT' ? " NOT NULL DEFAULT '' COLLATE NOCASE" : ''}`;
  const columns = shape.sqlColumns.map(sql);
  if (shape.recordColumns) {
    columns.unshift('rec INTEGER NOT NULL');
    db.exec(`CREATE TABLE recs (id INTEGER PRIMARY KEY, ${shape.recordColumns.map(sql).join(', ')}, text TEXT NOT NULL)`);
  }
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE inputs (position INTEGER PRIMARY KEY, ref TEXT NOT NULL);
    CREATE TABLE blocks (id INTEGER PRIMARY KEY, data BLOB NOT NULL);
    CREATE TABLE chunks (id INTEGER PRIMARY KEY, idx INTEGER NOT NULL, data BLOB NOT NULL);
    CREATE TABLE rows (id INTEGER PRIMARY KEY, time INTEGER, input INTEGER NOT NULL, block INTEGER NOT NULL, slot INTEGER NOT NULL, ${columns.join(', ')}, text TEXT NOT NULL);
    ${GRAMS_TABLE};
    CREATE TABLE times (row INTEGER NOT NULL, time INTEGER NOT NULL);
    CREATE TABLE templates (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
    CREATE TABLE hives (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  `);
}

/**
 * Indexes, made with the tables so they grow as rows stream in. Measured on a million EVTX rows,
 * keeping them up to date costs the writer thread no more CPU than sorting each one at the end
 * (a job's rows arrive in runs that append to a few hot pages per key), and it takes the sorts
 * (a second of every 300,000 rows) out of the build's tail, where nothing else could run.
 * `(time)` also gives the result order (time, then id).
 */
export function createIndexes(db: Db, shape: SchemaShape): void {
  db.exec('CREATE INDEX rows_time ON rows (time)');
  for (const c of shape.indexed) {
    const [table, column] = c.startsWith('recs.') ? ['recs', c.slice(5)] : ['rows', c];
    db.exec(`CREATE INDEX ${table}_${column} ON ${table} (${column})`);
  }
  // From a record found through its own index to its rows.
  if (shape.recordColumns) db.exec('CREATE INDEX rows_rec ON rows (rec)');
  if (shape.severalTimes) db.exec('CREATE INDEX times_row ON times (row, time)');
}

/** Statistics, once the rows are in: they let the planner choose between walking the time index and a filter's own index. */
export function analyze(db: Db): void {
  db.exec('PRAGMA analysis_limit = 1000');
  db.exec('ANALYZE');
}

export function writeMeta(db: Db, entries: Record<string, string>): void {
  const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  for (const [k, v] of Object.entries(entries)) put.run(k, v);
}

/** Checks that a file is a store of this version and category. */
export function checkMeta(db: Db, category: string): void {
  let meta: Map<string, string>;
  try {
    meta = new Map(db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]);
  } catch (err) {
    throw new RecordStoreError('corrupt', 'not a record store', { cause: err });
  }
  if (!READABLE_FORMATS.includes(meta.get('format') ?? ''))
    throw new RecordStoreError('corrupt', `record store format ${meta.get('format') ?? '?'}, expected ${FORMAT_VERSION}`);
  if (meta.get('category') !== category) throw new RecordStoreError('corrupt', `record store of category ${meta.get('category') ?? '?'}, expected ${category}`);
}
