import type { IndexTableEntry, InputRef, RecordOf } from '@quarry/insights';
import { PAGE_BOUNDS, SHOW_BOUNDS, type ParseCategory } from '@quarry/vocabulary';
import { unpackBlock } from './codec.js';
import type { Db } from './database.js';
import { checkPage, planOf, trigramQuery, type RecordQuery, type SearchQuery, type Where } from './query.js';
import { SLOTTED_FORMAT, TEXT_GROUP, TEXT_GROUP_SHIFT } from './schema.js';
import { needleSlots, pairSlot, TrigramIndexReader } from './trigram-index.js';
import { columnPair, type ReadContext, type RowShape } from './rows/shape.js';

export interface SearchResult {
  /** The requested page, in the order time, then record order (rows without a time first). */
  entries: IndexTableEntry[];
  /**
   * Rows matching the query, over all pages — counted up to COUNT_LIMIT: when more match, it is
   * COUNT_LIMIT and `totalIsLowerBound` is true (pages reach 1,000 rows at most).
   */
  total: number;
  /** True when more than `total` rows match (see `total`). */
  totalIsLowerBound?: boolean;
}

/** Matching rows are counted up to this many: as many as the pages of rows a search can show (1,000). */
export const COUNT_LIMIT = PAGE_BOUNDS.max * SHOW_BOUNDS.max;

/** The rows of the text groups a narrowing finds (its query first); CROSS JOIN keeps the groups the outer loop. */
const grouped = (groups: string): string =>
  `(${groups}) AS grp CROSS JOIN rows NOT INDEXED ON rows.id BETWEEN grp.g * ${TEXT_GROUP} + 1 AND grp.g * ${TEXT_GROUP} + ${TEXT_GROUP}`;

/** Narrowing by the text index pays until the groups it leaves are nearly all of them. */
const NARROW_SHARE = 0.9;

/** Rows matched through their message template that a narrowing still lists group by group. */
const TEMPLATE_ROWS = 4096;

/** The text groups that may hold a query's matches: a subquery yielding `g`, and its parameters. */
interface Narrowing {
  sql: string;
  params: unknown[];
}

/** Where a query's rows come from: the rows table, or only the rows of a few text groups. */
interface Source {
  from: string;
  where: Where;
}

/** One matching record, with the input it came from: what the pipeline hands an analyzer. */
export interface StoredRecord<C extends ParseCategory> {
  record: RecordOf<C>;
  input: InputRef;
}

/** A published store opened for reading (see RecordStores.open). Synchronous: every call is one local query. */
export class RecordStoreReader<C extends ParseCategory> {
  private templates: Map<number, string> | undefined;
  private rows: number | undefined;
  /** The store's format (schema.ts FORMAT_VERSION; checkMeta has checked it is readable). */
  private format: number | undefined;
  /** A store of format 5-9's `pairs` table lookup, or null from format 10 on (pairs are in `grams`). */
  private pairGroups: ((name: string, value: string) => number[]) | null | undefined;
  /** The store's trigram index: `grams` (format 9 on), or null for an FTS5 `fts` table (formats 5-8). */
  private trigrams: TrigramIndexReader | null | undefined;
  private readonly ctx: ReadContext = { template: (id) => this.templateText(id) };
  /** The pair names of the shape's `slotted` columns (rows/shape.ts columnPair). */
  private readonly slottedPairs: ReadonlySet<string>;
  private readonly selectCells: string;
  /** What every source of rows joins: their records' shared cells, for shapes that keep them apart. */
  private readonly join: string;

  constructor(
    private readonly db: Db,
    private readonly shape: RowShape<C>,
    /** The local store file (see openStoreFile). */
    readonly file: string,
  ) {
    this.selectCells = [...(shape.recordColumns ?? []).map((c) => `recs.${c.name}`), ...shape.sqlColumns.map((c) => `rows.${c.name}`)].join(', ');
    this.join = shape.recordColumns ? ' JOIN recs ON recs.id = rows.rec' : '';
    this.slottedPairs = new Set(shape.slotted?.map(columnPair));
  }

  get category(): C {
    return this.shape.category;
  }

  /** The spec's IndexTable title and columns of this store's category. */
  get table(): { title: string; columns: string[] } {
    return { title: this.shape.title, columns: [...this.shape.columns] };
  }

  /** One page of matching rows and the number of them (see SearchResult.total). Throws RecordStoreError. */
  search(q: SearchQuery): SearchResult {
    checkPage(q);
    const { where, narrow, byIndex } = this.plan(q);
    // With a narrowing, only the rows of the text groups it finds are read (in id order), unless a
    // column index leaves fewer rows: then the planner reads through it.
    const source: Source | undefined =
      narrow && !byIndex ? { from: grouped(narrow.sql) + this.join, where: { sql: where.sql, params: [...narrow.params, ...where.params] } } : undefined;
    let total: number;
    let totalIsLowerBound = false;
    if (where.sql === '1' && !source) {
      total = this.rowCount();
    } else {
      const { from, where: w } = source ?? { from: `rows${this.join}`, where };
      const n = Number(
        (
          this.db
            .prepare(`SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${w.sql} LIMIT ${COUNT_LIMIT + 1})`)
            .raw()
            .get(...w.params) as [number]
        )[0],
      );
      totalIsLowerBound = n > COUNT_LIMIT;
      total = Math.min(n, COUNT_LIMIT);
    }
    const offset = (q.page - 1) * q.show;
    const result = (entries: IndexTableEntry[]): SearchResult => (totalIsLowerBound ? { entries, total, totalIsLowerBound } : { entries, total });
    if (offset >= total) return result([]);
    // Few matches: sort them. Many: walk the time index, checking each row of the candidate groups
    // (the group check needs only the row id, which the index holds; the first pages come soon).
    const { from, where: w } = totalIsLowerBound ? this.walk(where, narrow, true) : (source ?? this.walk(where, undefined, false));
    const rows = this.db
      .prepare(`SELECT ${this.selectCells} FROM ${from} WHERE ${w.sql} ORDER BY rows.time, rows.id LIMIT ? OFFSET ?`)
      .raw()
      .all(...w.params, q.show, offset) as unknown[][];
    return result(rows.map((r) => this.shape.entryOf(r, this.ctx)));
  }

  /**
   * Every matching row as the search shows it, in the search's order (time, then record order),
   * with no page bound: for exports. Streams through the time index, so memory holds one row at a
   * time whatever the store's size. Throws RecordStoreError for a query the search would refuse.
   */
  *entries(q: RecordQuery): Generator<IndexTableEntry> {
    const { where, narrow } = this.plan(q);
    const { from, where: w } = this.walk(where, narrow, true);
    this.templateMap(); // read before the walk: entries look templates up while it runs
    for (const row of this.db
      .prepare(`SELECT ${this.selectCells} FROM ${from} WHERE ${w.sql} ORDER BY rows.time, rows.id`)
      .raw()
      .iterate(...w.params)) {
      yield this.shape.entryOf(row as unknown[], this.ctx);
    }
  }

  /**
   * Every record with at least one matching row, once, in the order the job read them (input,
   * then file order), as the pipeline handed them out: for re-running analyzers over a search.
   * Streams: memory holds one compressed block of records at a time.
   */
  *records(q: RecordQuery): Generator<StoredRecord<C>> {
    for (const { record, input } of this.recordsWith(q)) yield { record, input };
  }

  /**
   * Every record that matched a Sigma rule (and the query), in the job's order, with the names its
   * row lists: each rule's title, then its id when it has one (what `sigma_matches` searches). None
   * for a category that keeps no Sigma matches.
   */
  *sigmaMatched(q: RecordQuery): Generator<StoredRecord<C> & { matches: string[] }> {
    if (!this.shape.sqlColumns.some((c) => c.name === 'sigma_matches')) return;
    for (const r of this.recordsWith(q, { column: 'sigma_matches', except: '[""]' })) {
      // The column holds [shown text, ...names], or [name] alone when the text is that one name
      // (json-path.ts `alternatives`); no match: [""].
      const cell = JSON.parse(String(r.extra)) as string[];
      const matches = cell.length === 1 ? cell.filter((n) => n !== '') : cell.slice(1);
      if (matches.length > 0) yield { record: r.record, input: r.input, matches };
    }
  }

  /**
   * records(), with one more column of each record's first matching row (`extra`), leaving out rows
   * where it holds `except` (before their record is rebuilt).
   */
  private *recordsWith(q: RecordQuery, more?: { column: 'sigma_matches'; except: string }): Generator<StoredRecord<C> & { extra?: unknown }> {
    const plan = this.plan(q);
    const walked = this.walk(plan.where, plan.narrow, false);
    const column = more?.column;
    const { from } = walked;
    const where = more ? { sql: `(${walked.where.sql}) AND rows.${more.column} <> ?`, params: [...walked.where.params, more.except] } : walked.where;
    const inputs = new Map(
      (this.db.prepare('SELECT position, ref FROM inputs').raw().all() as [number, string][]).map(([p, ref]) => [p, JSON.parse(ref) as InputRef]),
    );
    const shared = this.db.prepare('SELECT data FROM hives WHERE id = ?').raw();
    // Prepared on first use: a format-5 store has no chunks table (and no record kept in one).
    let chunk: ReturnType<Db['prepare']> | undefined;
    const rebuild = this.shape.rebuilder({
      inputs,
      shared: (id) => (shared.get(id) as [string] | undefined)?.[0],
      chunk: (id) => (chunk ??= this.db.prepare('SELECT idx, data FROM chunks WHERE id = ?').raw()).get(id) as [number, Uint8Array] | undefined,
    });
    const blockData = this.db.prepare('SELECT data FROM blocks WHERE id = ?').raw();
    let blockId = -1;
    let payloads: unknown[] = [];
    let last = '';
    for (const row of this.db
      .prepare(`SELECT rows.block, rows.slot, rows.input${column ? `, rows.${column}` : ''} FROM ${from} WHERE ${where.sql} ORDER BY rows.id`)
      .raw()
      .iterate(...where.params)) {
      const [block, slot, input, extra] = row as [number, number, number, unknown];
      // A record's rows are consecutive (a registry key's values), so a repeat is always the previous one.
      const key = `${block}:${slot}`;
      if (key === last) continue;
      last = key;
      if (block < 0) {
        if (!rebuild.chunkRecord) throw new Error(`record store of category ${this.shape.category} has a record kept in a chunk`);
        yield { record: rebuild.chunkRecord(-block, slot), input: inputs.get(input)!, extra };
        continue;
      }
      if (block !== blockId) {
        payloads = unpackBlock((blockData.get(block) as [Buffer])[0]);
        blockId = block;
      }
      yield { record: rebuild.record(payloads[slot]), input: inputs.get(input)!, extra };
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private templateText(id: number): string | undefined {
    return this.templateMap().get(id);
  }

  private templateMap(): Map<number, string> {
    this.templates ??= new Map(this.db.prepare('SELECT id, text FROM templates').raw().all() as [number, string][]);
    return this.templates;
  }

  /** Ids of the message templates whose text holds `lowered` (compared lowercased, as row texts are); none in a store without templates. */
  private templatesMatching(lowered: string): number[] {
    const ids: number[] = [];
    for (const [id, text] of this.templateMap()) if (text.toLowerCase().includes(lowered)) ids.push(id);
    return ids;
  }

  private storeFormat(): number {
    this.format ??= Number((this.db.prepare("SELECT value FROM meta WHERE key = 'format'").raw().get() as [string])[0]);
    return this.format;
  }

  private rowCount(): number {
    this.rows ??= Number((this.db.prepare("SELECT value FROM meta WHERE key = 'rows'").raw().get() as [string] | undefined)?.[0] ?? 0);
    return this.rows;
  }

  /**
   * The exact condition of a query, and the text groups narrowing it, if any: those the trigram
   * index finds for every needle, plus (EVTX) the groups of rows whose message template holds the
   * search. None when the needles have no trigram, or when the groups are most of the store.
   */
  private plan(q: RecordQuery): { where: Where; narrow: Narrowing | undefined; byIndex?: boolean } {
    const plan = planOf(this.shape, q, (lowered) => this.templatesMatching(lowered));
    let groups = this.groupsHolding(plan.needles);
    if (groups !== undefined) {
      const ids = plan.templateIds;
      if (ids.length > 0) {
        const marks = ids.map(() => '?').join(', ');
        // Rows matched through a common template are too many to narrow by: the search then narrows nothing.
        const n = (
          this.db
            .prepare(`SELECT count(*) FROM (SELECT 1 FROM rows WHERE template IN (${marks}) LIMIT ${TEMPLATE_ROWS + 1})`)
            .raw()
            .get(...ids) as [number]
        )[0];
        if (n > TEMPLATE_ROWS) groups = undefined;
        else
          for (const g of this.db
            .prepare(`SELECT DISTINCT (id - 1) >> ${TEXT_GROUP_SHIFT} FROM rows WHERE template IN (${marks})`)
            .raw()
            .pluck()
            .all(...ids) as number[])
            groups.add(g);
      }
    }
    // Short event-data values and `slotted` column values: the groups holding every (name, value) asked for.
    const found = this.groupsPairing(plan.pairs);
    if (found !== undefined) groups = groups === undefined ? found : new Set([...groups].filter((g) => found.has(g)));
    if (groups === undefined) return { where: plan.where, narrow: undefined };
    const all = Math.ceil(this.rowCount() / TEXT_GROUP);
    if (groups.size > all * NARROW_SHARE) return { where: plan.where, narrow: undefined };
    const narrow = { sql: 'SELECT value AS g FROM json_each(?)', params: [JSON.stringify([...groups].sort((x, y) => x - y))] };
    // A column index that leaves fewer rows than the groups hold is the better way to count and sort.
    const candidates = groups.size * TEXT_GROUP;
    for (const w of plan.indexed) {
      const n = (
        this.db
          .prepare(`SELECT count(*) FROM (SELECT 1 FROM rows${this.join} WHERE ${w.sql} LIMIT ${candidates})`)
          .raw()
          .get(...w.params) as [number]
      )[0];
      if (n < candidates) return { where: plan.where, narrow, byIndex: true };
    }
    return { where: plan.where, narrow };
  }

  /**
   * The text groups holding every one of the (name, value) pairs, or undefined for no pairs: from
   * the trigram index's pair slots (format 10 on; more groups where slots are shared), or a store of
   * format 5-9's `pairs` table (values lowercased).
   */
  private groupsPairing(asked: readonly [name: string, value: string][]): Set<number> | undefined {
    // A store before SLOTTED_FORMAT has no slots for the `slotted` columns: their index answers there.
    const pairs = this.storeFormat() >= SLOTTED_FORMAT ? asked : asked.filter(([name]) => !this.slottedPairs.has(name));
    if (pairs.length === 0) return undefined;
    if (this.pairGroups === undefined) {
      const table = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'pairs'").raw().get();
      const lookup = table ? this.db.prepare('SELECT grp FROM pairs WHERE name = ? AND value = ?').raw().pluck() : undefined;
      this.pairGroups = lookup ? (name, value) => lookup.all(name, value) as number[] : null;
    }
    if (this.pairGroups === null)
      return this.trigramIndex()!.groupsHolding([...new Set(pairs.map(([name, value]) => pairSlot(name, value)))].sort((x, y) => x - y));
    let groups: Set<number> | undefined;
    for (const [name, value] of pairs) {
      const found = new Set(this.pairGroups(name, value.toLowerCase()));
      groups = groups === undefined ? found : new Set([...groups].filter((g) => found.has(g)));
    }
    return groups;
  }

  /** The store's trigram index (format 9 on), or null for an FTS5 table (formats 5-8). */
  private trigramIndex(): TrigramIndexReader | null {
    this.trigrams ??= this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'grams'").raw().get() ? new TrigramIndexReader(this.db) : null;
    return this.trigrams;
  }

  /**
   * The text groups whose documents hold every trigram of the needles, read once (the index
   * answers in well under a millisecond); undefined when no needle has one.
   */
  private groupsHolding(needles: readonly string[]): Set<number> | undefined {
    const index = this.trigramIndex();
    if (index) {
      const slots = needleSlots(needles);
      return slots && index.groupsHolding(slots);
    }
    const match = trigramQuery(needles);
    return match === undefined ? undefined : new Set(this.db.prepare('SELECT rowid FROM fts WHERE fts MATCH ?').raw().pluck().all(match) as number[]);
  }

  /**
   * Every row in time order (through the time index when `byTime`: the page's rows come first,
   * whatever other index the condition could use), narrowed to the groups when there are some.
   */
  private walk(where: Where, narrow: Narrowing | undefined, byTime: boolean): Source {
    const from = (byTime ? 'rows INDEXED BY rows_time' : 'rows') + this.join;
    if (narrow === undefined) return { from, where };
    return {
      from,
      where: { sql: `((rows.id - 1) >> ${TEXT_GROUP_SHIFT}) IN (${narrow.sql}) AND ${where.sql}`, params: [...narrow.params, ...where.params] },
    };
  }
}
