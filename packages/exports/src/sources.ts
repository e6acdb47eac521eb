import type { TimelineEntry } from '@quarry/insights';

/** Any source of rows: the store's cursor (a generator) or an async stream; read one at a time. */
export type RowSource<T> = Iterable<T> | AsyncIterable<T>;

/** A JSON object as evtx_dump writes an event: `{ Event: { System: {...}, EventData: {...} } }`. */
export type EvtxEvent = Record<string, unknown>;

/** One record of a job, as the JSONL export writes it. */
export interface JobRecord {
  /** Evidence type (a ParseCategory: `winevtx`, `registry`, `prefetch`, `lnk`). */
  category: string;
  /** Name of the input (file, or zip member) the record came from. */
  source: string;
  /**
   * The record as JSON: for EVTX the evtx_dump event (`{ Event: ... }`), for the other types their
   * record shape, already plain JSON (no parser objects).
   */
  record: unknown;
  /** The record's JSON text when the caller already has it (EVTX `jsonText`): written as is. */
  json?: string;
}

/** One EVTX event for the ECS export, with what the job knows about it. */
export interface EvtxSourceEvent {
  /** The evtx_dump event (`{ Event: ... }`). */
  event: EvtxEvent;
  /** Name of the input (file, or zip member) it came from: `log.file.path`. */
  source?: string;
  /** The Sigma rules it matched: `rule.*`, and `event.kind: alert`. */
  sigma?: readonly SigmaRuleRef[];
}

/** A Sigma rule as a match names it. */
export interface SigmaRuleRef {
  /** The rule's `id` (a UUID for SigmaHQ rules). */
  id: string;
  title: string;
  /** The rule's `level`: informational, low, medium, high, critical. */
  level: string;
}

/** One record matched by one Sigma rule: one row of the sigma-csv / sigma-jsonl exports. */
export interface SigmaMatch {
  event: EvtxEvent;
  rule: SigmaRuleRef;
  /** Hayabusa's Details cell when the caller has a better one than the event data (default: the event data as `Name: value ¦ ...`). */
  details?: string;
}

/** One entry of a timeline insight, with the title of the timeline it belongs to. */
export interface TimelineRow {
  /** The Timeline insight's title (`Key Event Timeline`, a per-type timeline, ...). */
  timeline: string;
  entry: TimelineEntry;
}
