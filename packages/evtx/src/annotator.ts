import type { EvtxRecord } from './chunk.js';

/**
 * Per-record work the caller wants done on the chunk worker threads, where the record is parsed
 * (e.g. detection rules): only its small result then crosses threads, and the reading thread is
 * spared. The module is loaded by each worker; records parsed on the calling thread (files too
 * small for workers) are not annotated, so the caller does that work itself for them.
 */
export interface RecordAnnotator {
  /** URL (file:) of an ES module exporting `createAnnotator(data)`, which returns an Annotate. */
  module: string;
  /** Handed to `createAnnotator` in each worker (structured-cloned: plain data only). */
  data: unknown;
}

/** Returns what goes into `record.annotation`: plain data, or null for nothing to say. */
export type Annotate = (record: EvtxRecord) => unknown;

export interface AnnotatorModule {
  createAnnotator(data: unknown): Annotate | Promise<Annotate>;
}

/** Loads the annotator in a worker; a module that is missing or broken fails the worker, loudly. */
export async function loadAnnotator(spec: RecordAnnotator): Promise<Annotate> {
  const mod = (await import(spec.module)) as Partial<AnnotatorModule>;
  if (typeof mod.createAnnotator !== 'function') throw new Error(`record annotator ${spec.module} exports no createAnnotator`);
  return mod.createAnnotator(spec.data);
}
