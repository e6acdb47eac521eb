import { chunkOf } from '@quarry/evtx';
import { encodeMostlyPlain, encodeTagged } from '../codec.js';
import { formatUtc } from '../time-format.js';
import { evidenceTypes } from '@quarry/vocabulary';
import { evtxRebuild } from './evtx-rebuild.js';
import { eventFacts } from './evtx-event.js';
import { eventMessage } from './evtx-message.js';
import { alternatives, memberPath } from './json-path.js';
import type { EventTemplate } from '@quarry/reference';
import { cell, columnPair, type EventTemplateSource, type FieldSql, type RowShape } from './shape.js';

const SCALARS = new Set(['event_id', 'record_id', 'timestamp', 'provider', 'computer']);
/** sigma_matches of a record that matched no rule. */
const NO_SIGMA = alternatives('', []);

/** The record as `records()` rebuilds it, when it is not kept as its place in a chunk: header facts, warnings and the event JSON. */
export interface EvtxPayload {
  r: number;
  t: number;
  tt: string;
  o: number;
  c: number;
  v?: true;
  w: unknown[];
  e: unknown;
}

/**
 * EVTX "Event Table". Message is not stored per row: rows keep the id of their message template
 * (stored once per store) and the message is rendered when read, which keeps long templates (4624
 * is 2.5 KB) out of every row. `search` matches a template's text through the templates table.
 */
export function evtxShape(templates: EventTemplateSource | undefined): RowShape<'winevtx'> {
  // A job's events come from a few dozen (provider, id, version)s: each is looked up once.
  const known = new Map<string, EventTemplate | null>();
  const templateOf = (provider: string, eventId: number, version: number): EventTemplate | undefined => {
    if (!templates || !Number.isFinite(eventId)) return undefined;
    const key = `${provider}\0${eventId}\0${version}`;
    let t = known.get(key);
    if (t === undefined) {
      t = templates(provider, eventId, version) ?? null;
      known.set(key, t);
    }
    return t ?? undefined;
  };
  return {
    category: 'winevtx',
    usesEventTemplates: true,
    title: 'Event Table',
    columns: ['Event ID', 'Record ID', 'Timestamp', 'Provider', 'Computer', 'Message', 'Event Data'],
    sqlColumns: [
      { name: 'event_id', type: 'TEXT' },
      { name: 'record_id', type: 'TEXT' },
      { name: 'timestamp', type: 'TEXT' },
      { name: 'provider', type: 'TEXT' },
      { name: 'computer', type: 'TEXT' },
      { name: 'template', type: 'INTEGER' },
      { name: 'details', type: 'TEXT' },
      { name: 'sigma_matches', type: 'TEXT' },
    ],
    // Provider and computer need no index: their values hold letters, so the text index narrows
    // their filters, as fast or faster on a million rows, and the two indexes cost the writer 8%.
    // Event and record ids are digits only, which the text index's trigrams leave out
    // (text-index.ts): they are pair slots of it instead (`slotted`). Their indexes cost the
    // writer thread 5% (event ids) and 8% (record ids, nearly all different, so inserted all over
    // the index's pages) on a million rows.
    indexed: ['template'],
    slotted: ['event_id', 'record_id'],
    // The five cells lead the row's search parts; they cross to the writer thread once, as values.
    leadingParts: 5,
    fieldsColumn: 'details',
    severalTimes: evidenceTypes.winevtx.search.time.several,
    rowsOf(record, _input, ctx) {
      const f = eventFacts(record);
      const template = templateOf(f.provider, f.eventId, f.version);
      const sigma = ctx.annotation?.sigmaMatches ?? [];
      const eventId = Number.isFinite(f.eventId) ? String(f.eventId) : '';
      const timestamp = formatUtc(f.time);
      const recordId = String(f.recordId);
      return [
        {
          time: f.time,
          values: [
            eventId,
            recordId,
            timestamp,
            f.provider,
            f.computer,
            template ? ctx.templateId(template) : null,
            // details: the writer thread makes its JSON from `fields`.
            null,
            sigma.length === 0 ? NO_SIGMA : alternatives(sigma.join(', '), sigma),
          ],
          parts: [...sigma],
          fields: f.fields,
        },
      ];
    },
    payloadOf(record, ctx) {
      // A live record is kept as its place in its chunk (parsed on this thread or a worker
      // thread): the chunk's bytes (compressed about twelvefold) cost far less to keep than the
      // event's JSON costs to write, and reading it again gives the same record. Others (carved,
      // with warnings, or a chunk no longer lent: see chunkOf) keep their JSON.
      const chunk = chunkOf(record);
      if (chunk && !record.recovered && record.warnings.length === 0) return { chunk: ctx.chunkId(chunk), offset: record.offset };
      const head = `{"r":${record.recordId},"t":${record.timestamp.getTime()},"tt":${JSON.stringify(record.timestampText)},"o":${record.offset},"c":${record.chunk}`;
      return `${head}${record.recovered ? ',"v":true' : ''},"w":${record.warnings.length === 0 ? '[]' : encodeTagged(record.warnings)},"e":${encodeMostlyPlain(record.event)}}`;
    },
    entryOf(values, ctx) {
      const [eventId, recordId, timestamp, provider, computer, template, details] = values.map(cell) as string[];
      const data = JSON.parse(details || '{}') as Record<string, string>;
      const message = eventMessage(template ? ctx.template(Number(template)) : undefined, data, eventId!, provider!);
      return [[eventId!, recordId!, timestamp!, provider!, computer!, message], data];
    },
    field(name): FieldSql | undefined {
      // Field names are case-insensitive, except event-data names, which are as the event spells them.
      const lower = name.toLowerCase();
      if (lower === 'event_id' || lower === 'record_id') return { kind: 'scalar', expr: lower, params: [], inParts: true, pair: columnPair(lower) };
      if (SCALARS.has(lower)) return { kind: 'scalar', expr: lower, params: [], inParts: true };
      if (lower === 'sigma_matches') return { kind: 'list', expr: 'sigma_matches', params: [] };
      if (lower.startsWith('details.')) {
        const path = memberPath(name.slice('details.'.length));
        const pair = name.slice('details.'.length);
        return path ? { kind: 'scalar', expr: `coalesce(json_extract(details, ?), '')`, params: [path], inParts: true, pair } : undefined;
      }
      return undefined;
    },
    rebuilder: evtxRebuild,
  };
}
