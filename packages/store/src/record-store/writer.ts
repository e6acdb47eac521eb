import type { EventTemplate } from '@quarry/reference';
import type { InputRef, RecordOf, RecordSink } from '@quarry/insights';
import type { ParseCategory } from '@quarry/vocabulary';
import { BLOCK_BYTES, BLOCK_RECORDS, encodeTagged, packBlock } from './codec.js';
import type { Db } from './database.js';
import { createIndexes, FORMAT_VERSION, TEXT_GROUP_SHIFT, writeMeta } from './schema.js';
import { discard, publish } from './publish.js';
import type { RecordAnnotation, RowShape, StoredRow, WriteContext } from './rows/shape.js';

/** Rows per batch of inserts: bounds the row strings held in memory. */
const ROWS_PER_BATCH = 2000;

export interface WriterOptions<C extends ParseCategory> {
  /** Extra facts per record (Sigma matches) the caller knows when the record is written. */
  annotate?: (record: RecordOf<C>, input: InputRef) => RecordAnnotation | undefined;
}

interface PendingRow {
  row: StoredRow;
  input: number;
  block: number;
  slot: number;
}

/**
 * Writes one job's records into a new store file (see RecordStores.writer). Work happens in
 * `write` itself, synchronously, in batches: memory holds at most one batch of row strings and one
 * open block of payloads, whatever the job's size.
 */
export class RecordStoreWriter<C extends ParseCategory> implements RecordSink<C> {
  private readonly insertRow;
  private readonly insertFts;
  private readonly insertTime;
  private readonly insertBlock;
  private readonly flushBatch;
  private pending: PendingRow[] = [];
  private blocks: [number, Buffer][] = [];
  private block: string[] = [];
  private blockBytes = 0;
  private blockId = 0;
  private rowId = 0;
  /** The text group being filled (schema.ts TEXT_GROUP) and its distinct lowercased parts. */
  private group = 0;
  private groupParts = new Set<string>();
  private records = 0;
  private readonly inputs = new Set<number>();
  private readonly templates = new Map<string, number>();
  private readonly hives = new Map<object, number>();
  private readonly ctx: WriteContext;
  private state: 'open' | 'closed' | 'aborted' = 'open';

  constructor(
    private readonly db: Db,
    private readonly shape: RowShape<C>,
    private readonly temp: string,
    private readonly final: string,
    private readonly options: WriterOptions<C> = {},
  ) {
    const names = shape.sqlColumns.map((c) => c.name);
    this.insertRow = db.prepare(`INSERT INTO rows (id, time, input, block, slot, ${names.join(', ')}, text) VALUES (?, ?, ?, ?, ?${', ?'.repeat(names.length)}, ?)`);
    this.insertFts = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)');
    this.insertTime = db.prepare('INSERT INTO times (row, time) VALUES (?, ?)');
    this.insertBlock = db.prepare('INSERT INTO blocks (id, data) VALUES (?, ?)');
    this.flushBatch = () => this.insertPending();
    // One transaction for the whole build (see createSchema); a failed build is deleted, not rolled back.
    db.exec('BEGIN');
    const insertTemplate = db.prepare('INSERT INTO templates (id, text) VALUES (?, ?)');
    const insertHive = db.prepare('INSERT INTO hives (id, data) VALUES (?, ?)');
    this.ctx = {
      annotation: undefined,
      templateId: (t: EventTemplate) => {
        const key = `${t.provider.toLowerCase()}\0${t.eventId}\0${t.version}`;
        let id = this.templates.get(key);
        if (id === undefined) {
          id = this.templates.size + 1;
          this.templates.set(key, id);
          insertTemplate.run(id, t.template);
        }
        return id;
      },
      hiveId: ({ hive }) => {
        let id = this.hives.get(hive);
        if (id === undefined) {
          id = this.hives.size + 1;
          this.hives.set(hive, id);
          // Everything of the HiveRef but the opened hive itself, whose base block is all analyzers read of it.
          const { hive: opened, ...rest } = hive;
          insertHive.run(id, encodeTagged({ ...rest, input: hive.input.position, baseBlock: opened.baseBlock }));
        }
        return id;
      },
    };
  }

  write(record: RecordOf<C>, input: InputRef): void {
    if (this.state !== 'open') throw new Error(`record store writer is ${this.state}`);
    if (!this.inputs.has(input.position)) {
      this.inputs.add(input.position);
      this.db.prepare('INSERT INTO inputs (position, ref) VALUES (?, ?)').run(input.position, JSON.stringify(input));
    }
    this.ctx.annotation = this.options.annotate?.(record, input);
    const payload = this.shape.payloadOf(record, this.ctx);
    for (const row of this.shape.rowsOf(record, input, this.ctx)) {
      this.pending.push({ row, input: input.position, block: this.blockId, slot: this.block.length });
    }
    this.block.push(payload);
    this.blockBytes += payload.length;
    this.records++;
    if (this.block.length >= BLOCK_RECORDS || this.blockBytes >= BLOCK_BYTES) this.closeBlock();
    if (this.pending.length >= ROWS_PER_BATCH) this.flushBatch();
  }

  async close(): Promise<void> {
    if (this.state !== 'open') throw new Error(`record store writer is ${this.state}`);
    try {
      this.closeBlock();
      this.flushBatch();
      this.flushGroup();
      createIndexes(this.db, this.shape);
      // One segment per trigram makes every search read one doclist instead of dozens.
      this.db.exec("INSERT INTO fts (fts) VALUES ('optimize')");
      writeMeta(this.db, { format: FORMAT_VERSION, category: this.shape.category, records: String(this.records), rows: String(this.rowId) });
      this.db.exec('COMMIT');
      this.db.close();
      this.state = 'closed';
      await publish(this.temp, this.final);
    } catch (err) {
      await this.abort();
      throw err;
    }
  }

  async abort(): Promise<void> {
    if (this.state === 'open' || this.db.open) {
      try {
        this.db.close();
      } catch {
        // Closing is only to release the file; it is deleted next either way.
      }
    }
    this.state = 'aborted';
    this.pending = [];
    this.blocks = [];
    await discard(this.temp);
  }

  private closeBlock(): void {
    if (this.block.length === 0) return;
    this.blocks.push([this.blockId++, packBlock(this.block)]);
    this.block = [];
    this.blockBytes = 0;
  }

  private insertPending(): void {
    for (const [id, data] of this.blocks) this.insertBlock.run(id, data);
    this.blocks = [];
    for (const { row, input, block, slot } of this.pending) {
      const id = ++this.rowId;
      const group = (id - 1) >> TEXT_GROUP_SHIFT;
      if (group !== this.group) {
        this.flushGroup();
        this.group = group;
      }
      const lower = row.parts.map((p) => p.toLowerCase());
      for (const p of lower) this.groupParts.add(p);
      this.insertRow.run(id, row.time, input, block, slot, ...row.values, lower.join('\n'));
      for (const t of row.times ?? []) this.insertTime.run(id, t);
    }
    this.pending = [];
  }

  /**
   * Indexes the current text group: its distinct parts, each between newlines, so a part's whole
   * value ("\nvalue\n") is a substring of the document (equals filters narrow by it).
   */
  private flushGroup(): void {
    if (this.groupParts.size === 0) return;
    this.insertFts.run(this.group, `\n${[...this.groupParts].join('\n')}\n`);
    this.groupParts = new Set();
  }
}
