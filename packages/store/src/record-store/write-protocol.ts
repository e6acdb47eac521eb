/*
 * Messages between a RecordStoreWriter (main thread) and its writer task (write-task.ts).
 * The main thread turns records into rows and payload texts; the writer thread owns the database:
 * it lowercases and groups the text, compresses the blocks and does every SQLite call.
 */
import type { SchemaShape } from './schema.js';

export interface WriterInit {
  /** The temporary file to build. */
  path: string;
  /** The derived store key, or null for a plain store. */
  key: string | null;
  shape: SchemaShape;
}

/**
 * Fields of one row in `Batch.rows`, which holds them flat, row after row: time, input position,
 * block, slot, parts (Texts), times (number[] | null), fields (Texts | null: StoredRow.fields),
 * record id (recs; null for shapes without recordColumns), then the shape's column values.
 */
export const ROW_FIXED = 8;

/** Fields of one record's cells in `Batch.recs` (flat, as rows): id, parts (Texts), then the recordColumns' values. */
export const REC_FIXED = 2;

/**
 * A list of texts as posted: joined by newlines when none holds one (one string clones several
 * times faster than many short ones), else the list itself.
 */
export type Texts = string | readonly string[];

export function packTexts(texts: readonly string[]): Texts {
  if (texts.length === 0) return texts;
  for (const t of texts) if (t.includes('\n')) return texts;
  return texts.join('\n');
}

export function unpackTexts(texts: Texts): readonly string[] {
  return typeof texts === 'string' ? texts.split('\n') : texts;
}

export interface Batch {
  type: 'batch';
  seq: number;
  inputs: [position: number, ref: string][];
  templates: [id: number, text: string][];
  hives: [id: number, data: string][];
  /** Finished blocks: id and the JSON array of their records' payloads, in slot order (codec.ts blockText). */
  blocks: [id: number, text: string][];
  /**
   * EVTX chunks or registry hive pieces the batch's rows refer to (schema.ts `chunks`): id, index
   * in the file, and the bytes, transferred, or already compressed (SourceChunk.packHere), copied.
   */
  chunks: [id: number, index: number, bytes: Uint8Array, packed: boolean][];
  /** Cells of the batch's records (shapes with recordColumns), before the rows that reference them. */
  recs: unknown[];
  rows: unknown[];
}

/**
 * The buffers of a batch's uncompressed chunks, transferred with it (and back, as `spare`) instead
 * of cloned. Compressed ones may share a buffer with others (Node's pool), so they are cloned.
 */
export function chunkBuffers(chunks: Batch['chunks']): ArrayBuffer[] {
  return chunks.filter(([, , , packed]) => !packed).map(([, , bytes]) => bytes.buffer as ArrayBuffer);
}

export type ToWriter = Batch | { type: 'close'; seq: number; meta: Record<string, string> } | { type: 'abort'; seq: number };

export type FromWriter =
  /** `spare`: a batch's chunk buffers, transferred back to be filled again (no new external memory, so no extra GCs). */
  | { type: 'done'; seq: number; rows?: number; cpuSeconds?: number; spare?: ArrayBuffer[] }
  | { type: 'error'; seq: number; message: string; code?: string; stack?: string };

/**
 * What the writer task resolves with: the last request it answered. Its answers travel on the
 * store's port and its end on the pool's own channel, so the end can arrive first; requests up to
 * `answered` are settled by answers already on their way, only later ones failed by the end.
 */
export interface WriterTaskEnd {
  answered: number;
}
