import { chunked } from './chunks.js';
import type { InsightRow } from './insight-rows.js';
import { jsonLine } from './json-line.js';
import type { JobRecord, RowSource } from './sources.js';

export interface JsonlOptions {
  /**
   * Write EVTX records wrapped like the other types (`{category, source, record}`) instead of as
   * evtx_dump's bare line (default false: a file of EVTX records reads like `evtx_dump -o jsonl`).
   */
  wrapEvtx?: boolean;
}

/** The JSONL line of one record. */
export function recordLine(r: JobRecord, options: JsonlOptions = {}): string {
  if (r.category === 'winevtx' && !options.wrapEvtx) return r.json !== undefined ? `${r.json}\n` : jsonLine(r.record);
  const record = r.json ?? jsonLine(r.record).slice(0, -1);
  return `{"category":${JSON.stringify(r.category)},"source":${JSON.stringify(r.source)},"record":${record}}\n`;
}

/** JSONL of a job's records, one line each, in the order given. */
export function jsonlRecords(records: RowSource<JobRecord>, options: JsonlOptions = {}): AsyncGenerator<string> {
  return chunked(lines(records, (r) => recordLine(r, options)));
}

/** JSONL of insight rows with their provenance (insightRows), one line each. */
export function jsonlInsightRows(rows: RowSource<InsightRow>): AsyncGenerator<string> {
  return chunked(lines(rows, jsonLine));
}

/** A whole job: its records, then its insights' rows. */
export async function* jsonlJob(records: RowSource<JobRecord>, rows: RowSource<InsightRow>, options: JsonlOptions = {}): AsyncGenerator<string> {
  yield* jsonlRecords(records, options);
  yield* jsonlInsightRows(rows);
}

async function* lines<T>(rows: RowSource<T>, line: (row: T) => string): AsyncGenerator<string> {
  for await (const row of rows) yield line(row);
}
