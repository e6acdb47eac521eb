import type { IndexTableEntry, InputRef, RecordOf } from '@quarry/insights';
import type { ParseCategory } from '@quarry/vocabulary';
import { unpackBlock } from './codec.js';
import type { Db } from './database.js';
import { checkPage, planOf, trigramQuery, type RecordQuery, type SearchQuery, type Where } from './query.js';
import { TEXT_GROUP, TEXT_GROUP_SHIFT } from './schema.js';
import { RecordRebuilder } from './rebuild.js';
import type { ReadContext, RowShape } from './rows/shape.js';

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

/** Matching rows are counted up to this many: as many as the 10 pages of 100 a search can show. */
export const COUNT_LIMIT = 1_000;

/** The rows of the text groups an index query (the first parameter) finds; CROSS JOIN keeps the groups the outer loop. */
const GROUPED = `(SELECT rowid AS g FROM fts WHERE fts MATCH ?) AS grp CROSS JOIN rows ON rows.id BETWEEN grp.g * ${TEXT_GROUP} + 1 AND grp.g * ${TEXT_GROUP} + ${TEXT_GROUP}`;

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
  private readonly ctx: ReadContext = { template: (id) => this.templateText(id) };
  private readonly selectCells: string;

  constructor(
    private readonly db: Db,
    private readonly shape: RowShape<C>,
  ) {
    this.selectCells = shape.sqlColumns.map((c) => c.name).join(', ');
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
    const { where, match } = this.plan(q);
    // With an index query, only the rows of the text groups it finds are read (in id order).
    const grouped: Source | undefined = match === undefined ? undefined : { from: GROUPED, where: { sql: where.sql, params: [match, ...where.params] } };
    let total: number;
    let totalIsLowerBound = false;
    if (where.sql === '1' && !grouped) {
      total = this.rowCount();
    } else {
      const { from, where: w } = grouped ?? { from: 'rows', where };
      const n = Number((this.db.prepare(`SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${w.sql} LIMIT ${COUNT_LIMIT + 1})`).raw().get(...w.params) as [number])[0]);
      totalIsLowerBound = n > COUNT_LIMIT;
      total = Math.min(n, COUNT_LIMIT);
    }
    const offset = (q.page - 1) * q.show;
    const result = (entries: IndexTableEntry[]): SearchResult => (totalIsLowerBound ? { entries, total, totalIsLowerBound } : { entries, total });
    if (offset >= total) return result([]);
    // Few matches: sort them. Many: walk the time index, checking each row (the first pages come soon).
    const { from, where: w } = grouped && !totalIsLowerBound ? grouped : this.walk(where, match);
    const rows = this.db
      .prepare(`SELECT ${this.selectCells} FROM ${from} WHERE ${w.sql} ORDER BY rows.time, rows.id LIMIT ? OFFSET ?`)
      .raw()
      .all(...w.params, q.show, offset) as unknown[][];
    return result(rows.map((r) => this.shape.entryOf(r, this.ctx)));
  }

  /**
   * Every record with at least one matching row, once, in the order the job read them (input,
   * then file order), as the pipeline handed them out: for re-running analyzers over a search.
   * Streams: memory holds one compressed block of records at a time.
   */
  *records(q: RecordQuery): Generator<StoredRecord<C>> {
    const plan = this.plan(q);
    const { from, where } = this.walk(plan.where, plan.match);
    const inputs = new Map(
      (this.db.prepare('SELECT position, ref FROM inputs').raw().all() as [number, string][]).map(([p, ref]) => [p, JSON.parse(ref) as InputRef]),
    );
    const hive = this.db.prepare('SELECT data FROM hives WHERE id = ?').raw();
    const rebuild = new RecordRebuilder(this.shape.category, inputs, (id) => (hive.get(id) as [string] | undefined)?.[0]);
    const blockData = this.db.prepare('SELECT data FROM blocks WHERE id = ?').raw();
    let blockId = -1;
    let payloads: unknown[] = [];
    let last = '';
    for (const row of this.db.prepare(`SELECT rows.block, rows.slot, rows.input FROM ${from} WHERE ${where.sql} ORDER BY rows.id`).raw().iterate(...where.params)) {
      const [block, slot, input] = row as [number, number, number];
      // A record's rows are consecutive (a registry key's values), so a repeat is always the previous one.
      const key = `${block}:${slot}`;
      if (key === last) continue;
      last = key;
      if (block !== blockId) {
        payloads = unpackBlock((blockData.get(block) as [Buffer])[0]);
        blockId = block;
      }
      yield { record: rebuild.record(payloads[slot]), input: inputs.get(input)! };
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

  /** Ids of the message templates whose text holds `lowered` (compared lowercased, as row texts are). */
  private templatesMatching(lowered: string): number[] {
    if (this.shape.category !== 'winevtx') return [];
    const ids: number[] = [];
    for (const [id, text] of this.templateMap()) if (text.toLowerCase().includes(lowered)) ids.push(id);
    return ids;
  }

  private rowCount(): number {
    this.rows ??= Number((this.db.prepare("SELECT value FROM meta WHERE key = 'rows'").raw().get() as [string] | undefined)?.[0] ?? 0);
    return this.rows;
  }

  /** The exact condition of a query, and the index query narrowing it to text groups, if any. */
  private plan(q: RecordQuery): { where: Where; match: string | undefined } {
    const plan = planOf(this.shape, q, (lowered) => this.templatesMatching(lowered));
    return { where: plan.where, match: trigramQuery(plan.needles) };
  }

  /** Every row of the table, narrowed to the index's text groups when there is an index query. */
  private walk(where: Where, match: string | undefined): Source {
    if (match === undefined) return { from: 'rows', where };
    return {
      from: 'rows',
      where: { sql: `((rows.id - 1) >> ${TEXT_GROUP_SHIFT}) IN (SELECT rowid FROM fts WHERE fts MATCH ?) AND ${where.sql}`, params: [match, ...where.params] },
    };
  }
}
