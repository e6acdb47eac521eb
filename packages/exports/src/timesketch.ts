import type { TimelineEntry } from '@quarry/insights';
import { chunked } from './chunks.js';
import { jsonLine } from './json-line.js';
import type { RowSource, TimelineRow } from './sources.js';

/** `data_type` of every line: Timesketch groups and filters events by it. */
export const TIMESKETCH_DATA_TYPE = 'quarry:timeline:entry';

/**
 * Unix ms as the import client normalises `datetime` (Python's isoformat of a UTC time: six
 * fractional digits, none on a whole second, `+00:00`), so it leaves the value unchanged.
 */
export function timesketchDatetime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, (_m, f: string) => (f === '000' ? '+00:00' : `.${f}000+00:00`));
}

/** One timeline entry as a Timesketch event. */
export function timesketchEvent(timeline: string, e: TimelineEntry): Record<string, unknown> {
  const ranged = e.timestamp_end !== null && e.timestamp_end !== e.timestamp_start;
  return {
    message: e.description === '' ? e.short_name : `${e.short_name}: ${e.description}`,
    datetime: timesketchDatetime(e.timestamp_start),
    // Microseconds since the epoch: what the Timesketch server keys events by.
    timestamp: e.timestamp_start * 1000,
    timestamp_desc: ranged ? 'Start Time' : 'Event Time',
    ...(ranged ? { end_datetime: timesketchDatetime(e.timestamp_end!) } : {}),
    data_type: TIMESKETCH_DATA_TYPE,
    insight: timeline,
    short_name: e.short_name,
    description: e.description,
    category: e.category,
    importance: e.importance,
    record_id: e.record_id,
  };
}

/** Timesketch JSONL of timeline entries (the Key Event Timeline, the per-type timelines …), one event each. */
export function timesketchLines(rows: RowSource<TimelineRow>): AsyncGenerator<string> {
  return chunked(
    (async function* () {
      for await (const r of rows) yield jsonLine(timesketchEvent(r.timeline, r.entry));
    })(),
  );
}
