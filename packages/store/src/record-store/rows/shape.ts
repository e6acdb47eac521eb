import type { EvtxRecord } from '@quarry/evtx';
import type { IndexTableEntry, InputRef, RecordOf } from '@quarry/insights';
import type { EventTemplate } from '@quarry/reference';
import type { ParseCategory } from '@quarry/vocabulary';

/** One row of the rows table, as a shape builds it from a record. */
export interface StoredRow {
  /** Unix ms the row sorts and is windowed by; null when the record has none. */
  time: number | null;
  /** Every time a time window may match (prefetch run times); `time` alone when absent. */
  times?: number[];
  /** Values of the shape's `sqlColumns`, in order. */
  values: (string | number | null)[];
  /**
   * Everything `search` matches: the row's cells and detail values, each one part (less the
   * shape's `leadingParts`, and the non-empty `fields` values the writer thread puts before them).
   */
  parts: string[];
  /**
   * Shapes with a `fieldsColumn` (EVTX): the event-data fields, flattened as name, value, name,
   * value… The writer thread makes of them the column's JSON object text (the row's value there is
   * left null), the search parts of the non-empty values (before `parts`), and the pairs of the
   * short ones (up to SHORT_VALUE characters: trigram-index.ts pairSlot). They cross threads once.
   */
  fields?: string[];
}

/** The cells a record's rows share, kept once per record (registry: a key's cells for each of its values). */
export interface StoredRecordCells {
  /** Values of the shape's `recordColumns`, in order. */
  values: string[];
  /** What `search` matches of them, each one part: every row of the record also matches on these. */
  parts: string[];
}

/** A record kept as its place in a stored EVTX chunk (schema.ts `chunks`), read again from there. */
export interface ChunkPlace {
  chunk: number;
  /** The record's absolute file offset. */
  offset: number;
}

/** Event-data values up to this long are indexed by (name, value) for equals filters. */
export const SHORT_VALUE = 16;

/**
 * The pair name a `slotted` column's values are kept under (trigram-index.ts pairSlot): the
 * column's name after a NUL, which no event-data name holds (XML names cannot), so no field's
 * pairs share it by design; a shared slot would only add groups to check anyway.
 */
export const columnPair = (column: string): string => `\u0000${column}`;

/** How a filter field reads a row: one value, or a JSON array of alternatives any of which may match. */
export type FieldSql =
  { kind: 'scalar'; expr: string; params: unknown[]; inParts?: boolean; pair?: string } | { kind: 'list'; expr: string; params: unknown[]; inParts?: boolean };
// `inParts`: every non-empty value of the field is one of the row's text `parts`, so a positive
// filter on it can be narrowed through the text index first. `pair`: the name the field's short
// values are kept under as pair slots of the text index (an event-data name, or columnPair of a
// `slotted` column), which narrows an equals filter.

/** The message template of an EVTX event (provider, event id, version), when one is known. */
export type EventTemplateSource = (provider: string, eventId: number, version: number) => EventTemplate | undefined;

/** Extra facts about a record known to the writer's caller; for now the Sigma rules it matched. */
export interface RecordAnnotation {
  sigmaMatches?: readonly string[];
}

/** A block of the input as read (an EVTX chunk, a piece of a registry hive) in which records can be kept as their place (schema.ts `chunks`). */
export interface SourceChunk {
  /** The chunk's index in its file. */
  index: number;
  bytes: Uint8Array;
  /**
   * Compressed on the thread that registers it instead of the writer thread: registry hive
   * pieces, whose writer thread sets the job's time while the job's own thread has room (an EVTX
   * job's thread is the busier one, so its chunks are compressed by the writer).
   */
  packHere?: true;
}

/** The side tables a shape writes besides rows and payloads (schema.ts), each entry registered on first use. */
export interface WriteContext {
  annotation: RecordAnnotation | undefined;
  /** Id of a message template in the store's template table; `search` also matches rows through its text. */
  templateId(template: EventTemplate): number;
  /**
   * Id of a value many records share (a registry hive), stored once as `encode()` gives it
   * (schema.ts `hives`; `encode` may register chunks); one per object.
   */
  sharedId(value: object, encode: () => string): number;
  /**
   * Id of a source chunk in the store's chunk table: a new one (its bytes copied) unless it is the previous record's chunk, as a chunk's records come
   * one after another.
   */
  chunkId(chunk: SourceChunk): number;
}

/** What a shape rebuilds records from: the store's inputs and its side tables. */
export interface StoredTables {
  inputs: ReadonlyMap<number, InputRef>;
  /** A shared value's text (WriteContext.sharedId). */
  shared(id: number): string | undefined;
  /** A source chunk's index in its file and compressed bytes. */
  chunk(id: number): [index: number, data: Uint8Array] | undefined;
}

/** Turns what the store kept of a record back into the record the pipeline handed out. */
export interface RecordRebuild<C extends ParseCategory> {
  /** From its payload (JSON, as payloadOf wrote it). */
  record(payload: unknown): RecordOf<C>;
  /** From its place in a stored source chunk; shapes that never keep records there have none. */
  chunkRecord?(id: number, offset: number): RecordOf<C>;
}

export interface ReadContext {
  template(id: number): string | undefined;
}

/**
 * Everything category-specific about a store: the spec's IndexTable (title, columns), the SQL
 * columns behind it, how records become rows and rows become entries, and the filterable fields.
 */
export interface RowShape<C extends ParseCategory> {
  category: C;
  title: string;
  columns: readonly string[];
  /** Category columns of the rows table: name and SQL type. Text columns compare case-insensitively. */
  sqlColumns: readonly { name: string; type: 'TEXT' | 'INTEGER' }[];
  /**
   * Text columns shared by all rows of one record, kept once in the `recs` table (rows reference it
   * by `rec`; queries join it): a registry key's cells, which every value row would repeat.
   * Cells read them first, then `sqlColumns`.
   */
  recordColumns?: readonly { name: string; type: 'TEXT' }[];
  /** Columns worth an index (equals and starts_with on them are common): `name` on rows, `recs.name` on recs. */
  indexed: readonly string[];
  /**
   * Text columns of many distinct digit-only values whose equals filters the text index narrows
   * instead of a B-tree index: each short value (SHORT_VALUE characters at most) is a pair slot
   * (columnPair) of its row's group (format 11 on; EVTX event and record ids, whose B-tree
   * indexes cost the writer thread more than the slots).
   */
  slotted?: readonly string[];
  /**
   * The first this many `sqlColumns` are text cells that are also the row's first search parts:
   * rows leave them out of `parts` and the writer thread puts them back in front, so each crosses
   * threads once (EVTX: event and record id, timestamp, provider, computer).
   */
  leadingParts?: number;
  /** Rows carry several times (StoredRow.times, schema.ts `times`): a time window matches when any falls in it. */
  severalTimes: boolean;
  /** The text column the writer thread fills from each row's `fields` (StoredRow.fields). */
  fieldsColumn?: string;
  /** Its writer renders messages from event templates (RecordWriterOptions.eventTemplates), so the caller loads them. */
  usesEventTemplates?: true;
  /** The record's shared cells (`recordColumns`); required when the shape has them. */
  recordOf?(record: RecordOf<C>, input: InputRef): StoredRecordCells;
  rowsOf(record: RecordOf<C>, input: InputRef, ctx: WriteContext): StoredRow[];
  /** What `records()` rebuilds the record from: its payload (JSON text), or its place in a stored EVTX chunk. */
  payloadOf(record: RecordOf<C>, ctx: WriteContext): string | ChunkPlace;
  /** A row's cells: `recordColumns`' values, then `sqlColumns`'. */
  entryOf(values: readonly unknown[], ctx: ReadContext): IndexTableEntry;
  /** The SQL of a filterable field, or undefined when the category has no such field. */
  field(name: string): FieldSql | undefined;
  /** How `records()` reads records back, over one reader's tables (it may keep caches). */
  rebuilder(tables: StoredTables): RecordRebuild<C>;
}

/** What the schema and query code read of a shape, for any category. */
export type AnyShape = Pick<
  RowShape<ParseCategory>,
  'category' | 'sqlColumns' | 'recordColumns' | 'indexed' | 'slotted' | 'leadingParts' | 'severalTimes' | 'fieldsColumn' | 'field'
>;
export type { EvtxRecord };

/** A text cell: strings as they are, numbers as decimals, anything missing as "". */
export const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
