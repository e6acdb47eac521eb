import type { ParseCategory } from '@quarry/vocabulary';
import type { InputRef } from './input.js';
import type { RecordOf } from './records.js';

/**
 * Where parsed records go besides the analyzers (the per-job search store). `write` may return a
 * promise: the pipeline waits for it, so a slow sink slows the reader instead of buffering.
 */
export interface RecordSink<C extends ParseCategory = ParseCategory> {
  write(record: RecordOf<C>, input: InputRef): void | Promise<void>;
  /** Flushes what is left; called once after the last record of a successful run. */
  close(): Promise<void>;
  /** Throws away what was written; called instead of close when the run fails. */
  abort(): Promise<void>;
}
