import { StringDecoder } from 'node:string_decoder';
import { openEvtx } from '@quarry/evtx';
import { detectFileKind, peek } from '@quarry/insights';
import { parseJsonRecords, xmlToRecords, type Json } from '@quarry/sigma';
import { JsonRecordSplitter } from './json-records.js';

/** The log formats a Sigma file scan reads. */
export type LogFormat = 'evtx' | 'json' | 'xml';

/** Input that is not a log this scan can read (the job fails naming the file). */
export class UnsupportedLogError extends Error {
  override readonly name = 'UnsupportedLogError';
}

/** JSON, JSON lines or XML, told apart by the first character that is not white space (a BOM is skipped). */
export function textLogFormat(head: Uint8Array): 'json' | 'xml' | undefined {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  const c = head[i];
  if (c === 0x7b || c === 0x5b) return 'json';
  if (c === 0x3c) return 'xml';
  return undefined;
}

/** One record of a log, or one that could not be read (counted and reported, never fatal). */
export type LogItem = { record: Json } | { bad: string };

export interface LogRecords {
  format: LogFormat;
  items: AsyncIterable<LogItem>;
}

/**
 * Opens a log for Sigma, streaming whatever its size: EVTX chunk by chunk through @quarry/evtx,
 * JSON/JSONL record by record, event-log XML `<Event>` by `<Event>`.
 */
export async function openLogRecords(source: AsyncIterable<Uint8Array>, name: string, size: number, threads: number): Promise<LogRecords> {
  const { head, stream } = await peek(source);
  if (detectFileKind(head) === 'evtx') {
    const file = openEvtx({ stream, size }, { threads });
    return {
      format: 'evtx',
      items: (async function* () {
        // @quarry/evtx may hand 64-bit integers as bigint; the Sigma engine reads them as decimal text.
        for await (const r of file) yield { record: r.event as unknown as Json };
      })(),
    };
  }
  const format = textLogFormat(head);
  if (format === 'json') return { format, items: jsonItems(stream) };
  if (format === 'xml') return { format, items: xmlItems(stream) };
  throw new UnsupportedLogError(`File ${name} is not an EVTX, JSON, JSON lines or event-log XML file`);
}

async function* decoded(stream: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) yield decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  yield decoder.end();
}

async function* jsonItems(stream: AsyncIterable<Uint8Array>): AsyncGenerator<LogItem> {
  const splitter = new JsonRecordSplitter();
  for await (const text of decoded(stream)) {
    for (const piece of splitter.push(text)) {
      try {
        for (const record of parseJsonRecords(piece)) yield { record };
      } catch (err) {
        yield { bad: (err as Error).message };
      }
    }
  }
  if (splitter.truncated) yield { bad: 'the input ends inside a JSON record' };
}

const EVENT_END = '</Event>';
/** An event longer than this is not an event log: stop rather than buffer the file. */
const MAX_EVENT_CHARS = 16 * 1024 * 1024;

async function* xmlItems(stream: AsyncIterable<Uint8Array>): AsyncGenerator<LogItem> {
  let buffer = '';
  for await (const text of decoded(stream)) {
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf(EVENT_END)) >= 0) {
      // The buffer starts after the previous event, so the first `<Event ` or `<Event>` opens this one.
      const start = buffer.slice(0, end).search(/<Event[\s>]/);
      const piece = start >= 0 ? buffer.slice(start, end + EVENT_END.length) : '';
      buffer = buffer.slice(end + EVENT_END.length);
      if (!piece) continue;
      try {
        for (const record of xmlToRecords(piece)) yield { record };
      } catch (err) {
        yield { bad: (err as Error).message };
      }
    }
    if (buffer.length > MAX_EVENT_CHARS) {
      yield { bad: `no </Event> within ${MAX_EVENT_CHARS} characters: not event-log XML` };
      return;
    }
  }
}

/** Inline test data (already decoded text): every record, or undefined when it is neither JSON nor XML. */
export function parseLogText(text: string): Json[] | undefined {
  const format = textLogFormat(Buffer.from(text.slice(0, 64), 'utf8'));
  try {
    if (format === 'json') return [...parseJsonRecords(text)];
    if (format === 'xml') return xmlToRecords(text);
  } catch {
    return undefined;
  }
  return undefined;
}
