// The writer task of a RecordStoreWriter, a long-lived task on the process's thread pool: owns the
// store's database file while it is built, fed through a MessagePort. Loaded from dist (writer.ts
// finds it); imports nothing outside this directory but libsql.
import { readFileSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { BulkInsert } from './bulk-insert.js';
import { packBlock, packChunk } from './codec.js';
import { createDatabase, type Db } from './database.js';
import { analyze, createIndexes, createSchema, TEXT_GROUP_SHIFT, writeMeta } from './schema.js';
import { columnPair, SHORT_VALUE } from './rows/shape.js';
import { indexHolds } from './text-index.js';
import { pairSeed, pairSlot, pairSlotAfter, TrigramIndexWriter } from './trigram-index.js';
import {
  chunkBuffers,
  REC_FIXED,
  ROW_FIXED,
  unpackTexts,
  type Batch,
  type FromWriter,
  type Texts,
  type ToWriter,
  type WriterInit,
  type WriterTaskEnd,
} from './write-protocol.js';

/** CPU seconds of this thread so far (Linux; NaN elsewhere): for the benchmark's split of ingest CPU. */
function threadCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** No texts at all (a string is at least one, maybe empty, text). */
const isNone = (t: Texts): boolean => typeof t !== 'string' && t.length === 0;

/** Two lists of texts as one, joined when both are (a part holding a newline keeps a list). */
function joinTexts(a: Texts, b: Texts): Texts {
  if (isNone(a)) return b;
  if (isNone(b)) return a;
  if (typeof a !== 'string' && !a.some((t) => t.includes('\n'))) a = a.join('\n');
  return typeof a === 'string' && typeof b === 'string' ? `${a}\n${b}` : [...unpackTexts(a), ...unpackTexts(b)];
}

/** Member heads kept at most (see Build.memberNames): names beyond are quoted each time. */
const MEMBER_NAMES = 4096;

class Build {
  private readonly insertRows: BulkInsert;
  private readonly insertRecs: BulkInsert | undefined;
  /** Lowercased indexed parts of the batch's records, by id (rows of a record come in its batch). */
  private recParts = new Map<number, string[]>();
  /** The record whose parts the group holds already (a record's rows are consecutive). */
  private groupRec: number | null = null;
  private readonly trigrams: TrigramIndexWriter;
  private readonly insertTime;
  private readonly insertBlock;
  private readonly insertChunk;
  private readonly insertTemplate;
  private readonly insertHive;
  private readonly insertInput;
  private readonly columns: number;
  /** Event-data names as JSON member heads (`"name":`): a job has a few hundred distinct ones. */
  private readonly memberNames = new Map<string, string>();
  /** The shape's `slotted` columns: where each is among its columns, and its pair name's pairSeed. */
  private readonly slotted: { at: number; seed: number }[];
  /** Where the shape's `fieldsColumn` is among its columns (-1: none). */
  private readonly fieldsAt: number;
  private rowId = 0;
  /** The text group being filled (schema.ts TEXT_GROUP) and its distinct lowercased parts. */
  private group = 0;
  private groupParts = new Set<string>();
  /** The parts whose every trigram the group's document holds (whole, or as addPart's tail). */
  private groupCovered = new Set<string>();
  /** The slots of the group's short event-data values (trigram-index.ts pairSlot), repeats included. */
  private groupPairs: number[] = [];

  constructor(
    readonly db: Db,
    private readonly init: WriterInit,
  ) {
    createSchema(db, init.shape);
    createIndexes(db, init.shape);
    const names = init.shape.sqlColumns.map((c) => c.name);
    this.columns = names.length;
    this.fieldsAt = init.shape.fieldsColumn === undefined ? -1 : names.indexOf(init.shape.fieldsColumn);
    this.slotted = (init.shape.slotted ?? []).map((c) => ({ at: names.indexOf(c), seed: pairSeed(columnPair(c)) }));
    const recNames = init.shape.recordColumns?.map((c) => c.name);
    if (recNames) {
      this.insertRecs = new BulkInsert(db, `INSERT INTO recs (id, ${recNames.join(', ')}, text)`, recNames.length + 2);
      this.insertRows = new BulkInsert(db, `INSERT INTO rows (id, time, input, block, slot, rec, ${names.join(', ')}, text)`, names.length + 7);
    } else {
      this.insertRows = new BulkInsert(db, `INSERT INTO rows (id, time, input, block, slot, ${names.join(', ')}, text)`, names.length + 6);
    }
    this.trigrams = new TrigramIndexWriter(db);
    this.insertTime = db.prepare('INSERT INTO times (row, time) VALUES (?, ?)');
    this.insertBlock = db.prepare('INSERT INTO blocks (id, data) VALUES (?, ?)');
    this.insertChunk = db.prepare('INSERT INTO chunks (id, idx, data) VALUES (?, ?, ?)');
    this.insertTemplate = db.prepare('INSERT INTO templates (id, text) VALUES (?, ?)');
    this.insertHive = db.prepare('INSERT INTO hives (id, data) VALUES (?, ?)');
    this.insertInput = db.prepare('INSERT INTO inputs (position, ref) VALUES (?, ?)');
    // One transaction for the whole build: a failed build is deleted, not rolled back.
    db.exec('BEGIN');
  }

  batch(b: Batch): void {
    for (const [p, ref] of b.inputs) this.insertInput.run(p, ref);
    for (const [id, text] of b.templates) this.insertTemplate.run(id, text);
    for (const [id, data] of b.hives) this.insertHive.run(id, data);
    for (const [id, text] of b.blocks) this.insertBlock.run(id, packBlock(text));
    for (const [id, index, bytes, packed] of b.chunks) this.insertChunk.run(id, index, packed ? bytes : packChunk(bytes));
    this.records(b.recs);
    const rows = b.rows;
    const stride = ROW_FIXED + this.columns;
    for (let i = 0; i < rows.length; i += stride) {
      const id = ++this.rowId;
      const group = (id - 1) >> TEXT_GROUP_SHIFT;
      if (group !== this.group) {
        this.flushGroup();
        this.group = group;
      }
      const values = [id, rows[i], rows[i + 1], rows[i + 2], rows[i + 3]];
      const rec = rows[i + 7] as number | null;
      if (rec !== null) {
        values.push(rec);
        if (rec !== this.groupRec) {
          for (const p of this.recParts.get(rec)!) this.addPart(p);
          this.groupRec = rec;
        }
      }
      const base = values.length;
      for (let k = i + ROW_FIXED; k < i + stride; k++) values.push(rows[k]);
      for (const { at, seed } of this.slotted) {
        const v = rows[i + ROW_FIXED + at];
        if (typeof v === 'string' && v !== '' && v.length <= SHORT_VALUE) this.groupPairs.push(pairSlotAfter(seed, v));
      }
      const posted = rows[i + 6] as Texts | null;
      const fields = posted === null ? undefined : this.fields(posted);
      if (fields) values[base + this.fieldsAt] = fields.json;
      values.push(this.text(rows[i + 4] as Texts, rows, i + ROW_FIXED, fields?.parts));
      this.insertRows.add(values);
      const times = rows[i + 5] as number[] | null;
      if (times) for (const t of times) this.insertTime.run(id, t);
    }
  }

  /**
   * A row's event-data fields (StoredRow.fields): the JSON object text of the shape's
   * `fieldsColumn`, and the non-empty values as search parts (joined when none holds a newline);
   * the short ones' pair slots go to the group.
   */
  private fields(posted: Texts): { json: string; parts: Texts } {
    const list = unpackTexts(posted);
    // The names come once each, in key order (evtx-event.ts): the object's JSON is their members in turn.
    let json = '{';
    const parts: string[] = [];
    let joinable = true;
    for (let k = 0; k < list.length; k += 2) {
      const name = list[k]!;
      const v = list[k + 1]!;
      let member = this.memberNames.get(name);
      if (member === undefined) {
        member = `${JSON.stringify(name)}:`;
        if (this.memberNames.size < MEMBER_NAMES) this.memberNames.set(name, member);
      }
      json += k === 0 ? member : `,${member}`;
      json += JSON.stringify(v);
      if (!v) continue;
      parts.push(v);
      if (joinable && v.includes('\n')) joinable = false;
      if (v.length <= SHORT_VALUE) this.groupPairs.push(pairSlot(name, v));
    }
    return { json: `${json}}`, parts: joinable && parts.length > 0 ? parts.join('\n') : parts };
  }

  finish(meta: Record<string, string>): number {
    this.flushGroup();
    this.trigrams.finish();
    this.insertRecs?.flush();
    this.insertRows.flush();
    analyze(this.db);
    writeMeta(this.db, { ...meta, rows: String(this.rowId) });
    this.db.exec('COMMIT');
    this.db.close();
    return this.rowId;
  }

  /** Inserts a batch's record cells and keeps their indexed parts for the rows that follow. */
  private records(recs: readonly unknown[]): void {
    if (!this.insertRecs) return;
    this.recParts = new Map();
    const stride = REC_FIXED + this.init.shape.recordColumns!.length;
    for (let i = 0; i < recs.length; i += stride) {
      const parts = recs[i + 1] as Texts;
      const text = typeof parts === 'string' ? parts.toLowerCase() : parts.map((p) => p.toLowerCase()).join('\n');
      const lowered = typeof parts === 'string' ? text.split('\n') : parts.map((p) => p.toLowerCase());
      this.recParts.set(recs[i] as number, lowered.filter(indexHolds));
      const values = [recs[i]];
      for (let k = i + REC_FIXED; k < i + stride; k++) values.push(recs[k]);
      values.push(text);
      this.insertRecs.add(values);
    }
  }

  /**
   * A row's `text`: its parts lowercased, joined by newlines; each part also goes into the group's.
   * The shape's leading parts are the row's first column values (`rows[at]` on), put back in front,
   * then its fields' parts, if any, then the parts posted.
   */
  private text(posted: Texts, rows: readonly unknown[], at: number, fieldParts?: Texts): string {
    const lead = this.init.shape.leadingParts ?? 0;
    let parts = fieldParts === undefined ? posted : joinTexts(fieldParts, posted);
    if (lead > 0) parts = joinTexts(rows.slice(at, at + lead) as string[], parts);
    if (typeof parts === 'string') {
      // Lowercased whole: a newline ends a word for case mapping just as the string's end does.
      const text = parts.toLowerCase();
      for (const p of text.split('\n')) if (indexHolds(p)) this.addPart(p);
      return text;
    }
    const lowered = parts.map((p) => p.toLowerCase());
    for (const p of lowered) if (indexHolds(p)) this.addPart(p);
    return lowered.join('\n');
  }

  /**
   * Adds a part to the group's document. A path whose parent (the part up to its last backslash)
   * the document covers already goes in as the parent's last two characters and the rest: every
   * trigram of the whole path, those at its ends against the newlines too, is then in the
   * document (by induction over the parents), at a fraction of the characters (registry key
   * paths under their parent keys).
   */
  private addPart(p: string): void {
    if (this.groupCovered.has(p)) return;
    this.groupCovered.add(p);
    const cut = p.lastIndexOf('\\');
    this.groupParts.add(cut > 2 && this.groupCovered.has(p.slice(0, cut)) ? p.slice(cut - 2) : p);
  }

  /**
   * Ends the current text group: its document holds its distinct parts, each between newlines, so
   * a part's whole value ("\nvalue\n") is a substring of the document (equals filters narrow by it);
   * its pairs' slots go in beside the document's trigrams.
   */
  private flushGroup(): void {
    this.groupRec = null;
    if (this.groupParts.size > 0 || this.groupPairs.length > 0) {
      this.trigrams.add(this.group, this.groupParts.size > 0 ? `\n${[...this.groupParts].join('\n')}\n` : '', this.groupPairs);
    }
    this.groupPairs = [];
    this.groupParts = new Set();
    this.groupCovered = new Set();
  }
}

export interface WriteStoreTask {
  init: WriterInit;
  /** Batches come in here and their answers go back; the task ends after `close` or `abort`. */
  port: MessagePort;
}

/**
 * Builds one store from the batches sent through `port`; resolves once the file is closed, with
 * the last request it answered (see WriterTaskEnd).
 */
export function writeStore({ init, port }: WriteStoreTask): Promise<WriterTaskEnd> {
  // A pool thread outlives the task: only this task's CPU time goes to the benchmark.
  const cpuAtStart = threadCpuSeconds();
  let build: Build | undefined;
  let failure: unknown;
  let db: Db | undefined;
  try {
    db = createDatabase(init.path, init.key);
    build = new Build(db, init);
  } catch (err) {
    failure = err;
  }

  let answered = 0;
  const reply = (m: FromWriter): void => {
    answered = m.seq;
    port.postMessage(m, m.type === 'done' ? m.spare : undefined);
  };
  const closeQuietly = (): void => {
    try {
      if (db?.open) db.close();
    } catch {
      // Only releases the file; the caller deletes it.
    }
  };

  return new Promise<WriterTaskEnd>((resolve) => {
    const end = (): void => {
      port.close();
      resolve({ answered });
    };
    // The caller went away without a word (its process is ending): the file is left to be discarded.
    port.once('close', () => {
      closeQuietly();
      resolve({ answered });
    });
    port.on('message', (m: ToWriter) => {
      if (m.type === 'abort') {
        closeQuietly();
        reply({ type: 'done', seq: m.seq });
        end();
        return;
      }
      try {
        if (failure !== undefined) throw failure;
        if (m.type === 'batch') {
          build!.batch(m);
          reply({ type: 'done', seq: m.seq, spare: m.chunks.length > 0 ? chunkBuffers(m.chunks) : undefined });
        } else {
          const rows = build!.finish(m.meta);
          reply({ type: 'done', seq: m.seq, rows, cpuSeconds: threadCpuSeconds() - cpuAtStart });
          end();
        }
      } catch (err) {
        failure ??= err;
        const e = err as { message?: unknown; code?: unknown; stack?: unknown };
        reply({
          type: 'error',
          seq: m.seq,
          message: String(e?.message ?? err),
          code: typeof e?.code === 'string' ? e.code : undefined,
          stack: typeof e?.stack === 'string' ? e.stack : undefined,
        });
      }
    });
  });
}
