import type { IndexTableEntry, InputRef, RecordOf } from '@quarry/insights';
import type { ParseCategory } from '@quarry/vocabulary';
import { unpackBlock } from './codec.js';
import type { Db } from './database.js';
import { checkPage, whereOf, type RecordQuery, type SearchQuery } from './query.js';
import { RecordRebuilder } from './rebuild.js';
import type { ReadContext, RowShape } from './rows/shape.js';

export interface SearchResult {
  /** The requested page, in the order time, then record order (rows without a time first). */
  entries: IndexTableEntry[];
  /** Rows matching the query, over all pages. */
  total: number;
}

/** One matching record, with the input it came from: what the pipeline hands an analyzer. */
export interface StoredRecord<C extends ParseCategory> {
  record: RecordOf<C>;
  input: InputRef;
}

/** A published store opened for reading (see RecordStores.open). Synchronous: every call is one local query. */
export class RecordStoreReader<C extends ParseCategory> {
  private templates: Map<number, string> | undefined;
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

  /** One page of matching rows and the number of all of them. Throws RecordStoreError. */
  search(q: SearchQuery): SearchResult {
    checkPage(q);
    const where = whereOf(this.shape, q);
    const total = Number((this.db.prepare(`SELECT count(*) FROM rows WHERE ${where.sql}`).raw().get(...where.params) as [number])[0]);
    const offset = (q.page - 1) * q.show;
    if (offset >= total) return { entries: [], total };
    const rows = this.db
      .prepare(`SELECT ${this.selectCells} FROM rows WHERE ${where.sql} ORDER BY time, id LIMIT ? OFFSET ?`)
      .raw()
      .all(...where.params, q.show, offset) as unknown[][];
    return { entries: rows.map((r) => this.shape.entryOf(r, this.ctx)), total };
  }

  /**
   * Every record with at least one matching row, once, in the order the job read them (input,
   * then file order), as the pipeline handed them out: for re-running analyzers over a search.
   * Streams: memory holds one compressed block of records at a time.
   */
  *records(q: RecordQuery): Generator<StoredRecord<C>> {
    const where = whereOf(this.shape, q);
    const inputs = new Map(
      (this.db.prepare('SELECT position, ref FROM inputs').raw().all() as [number, string][]).map(([p, ref]) => [p, JSON.parse(ref) as InputRef]),
    );
    const hive = this.db.prepare('SELECT data FROM hives WHERE id = ?').raw();
    const rebuild = new RecordRebuilder(this.shape.category, inputs, (id) => (hive.get(id) as [string] | undefined)?.[0]);
    const blockData = this.db.prepare('SELECT data FROM blocks WHERE id = ?').raw();
    let blockId = -1;
    let payloads: unknown[] = [];
    let last = '';
    for (const row of this.db.prepare(`SELECT block, slot, input FROM rows WHERE ${where.sql} ORDER BY id`).raw().iterate(...where.params)) {
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
    this.templates ??= new Map(this.db.prepare('SELECT id, text FROM templates').raw().all() as [number, string][]);
    return this.templates.get(id);
  }
}
