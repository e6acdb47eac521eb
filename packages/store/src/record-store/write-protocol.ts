/*
 * Messages between a RecordStoreWriter (main thread) and its writer thread (write-worker.ts).
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
 * block, slot, parts (string[]), times (number[] | null), pairs (string[] | null), then the
 * shape's column values.
 */
export const ROW_FIXED = 7;

export interface Batch {
  type: 'batch';
  seq: number;
  inputs: [position: number, ref: string][];
  templates: [id: number, text: string][];
  hives: [id: number, data: string][];
  /** Finished blocks: id and the payload texts of their records, in slot order. */
  blocks: [id: number, payloads: string[]][];
  rows: unknown[];
}

export type ToWriter = Batch | { type: 'close'; seq: number; meta: Record<string, string> } | { type: 'abort'; seq: number };

export type FromWriter =
  | { type: 'done'; seq: number; rows?: number; cpuSeconds?: number }
  | { type: 'error'; seq: number; message: string; code?: string; stack?: string };
