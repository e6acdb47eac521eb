/**
 * Reads records from JSON text: one value, an array of records, JSON lines, or concatenated
 * values (evtx_dump's `-o json` prints one object per record, optionally after a `Record N` line).
 */
import { SigmaError } from './errors.js';
import type { Json } from './event.js';

/** Splits text into top-level JSON values without parsing them, honouring strings and escapes. */
function* topLevelValues(text: string, file: string | undefined): Generator<string> {
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth < 0) throw new SigmaError(`unbalanced '${text[i]}' in JSON input`, { file, path: `offset ${i}` });
      if (depth === 0) yield text.slice(start, i + 1);
    } else if (depth === 0 && c > 0x20) {
      // Text between values: only evtx_dump's `Record N` headers are tolerated.
      const end = text.indexOf('\n', i);
      const line = text.slice(i, end < 0 ? text.length : end).trim();
      if (!/^Record \d+$/.test(line)) throw new SigmaError(`unexpected text '${line.slice(0, 40)}' between JSON values`, { file, path: `offset ${i}` });
      i = end < 0 ? text.length : end;
    }
  }
  if (depth !== 0 || inString) throw new SigmaError('JSON input ends inside a value', { file, path: `offset ${text.length}` });
}

export function* parseJsonRecords(text: string, file?: string): Generator<Json> {
  for (const chunk of topLevelValues(text, file)) {
    let value: Json;
    try {
      value = JSON.parse(chunk) as Json;
    } catch (e) {
      throw new SigmaError(`invalid JSON: ${(e as Error).message}`, { file });
    }
    // A top-level array is a list of records.
    if (Array.isArray(value)) yield* value;
    else yield value;
  }
}
