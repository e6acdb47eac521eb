import type { RowSource } from './sources.js';

/** Text per chunk handed on: large enough that per-chunk costs vanish, small enough to stay constant memory. */
export const CHUNK_CHARS = 64 * 1024;

/**
 * Joins lines into chunks of about `size` characters. Pulls its input only as its consumer pulls
 * (the generator protocol is the backpressure), so memory holds one chunk whatever the export's size.
 */
export async function* chunked(lines: RowSource<string>, size = CHUNK_CHARS): AsyncGenerator<string> {
  let parts: string[] = [];
  let length = 0;
  for await (const line of lines) {
    parts.push(line);
    length += line.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}
