import type { EvtxEvent } from './sources.js';

/** What the exports read of an evtx_dump event's System element (absent parts are undefined). */
export interface EvtxSystem {
  provider?: string;
  providerGuid?: string;
  eventId?: number;
  version?: number;
  level?: number;
  task?: number;
  opcode?: number;
  keywords?: string;
  /** TimeCreated/@SystemTime as written (ISO 8601 UTC with up to 7 fractional digits). */
  time?: string;
  recordId?: number;
  processId?: number;
  threadId?: number;
  channel?: string;
  computer?: string;
  userId?: string;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** An element's attribute (evtx_dump: `{ "#attributes": { name: value } }`). */
const attr = (v: unknown, name: string): unknown => obj(obj(v)?.['#attributes'])?.[name];

/** An element's text: the value itself, or its `#text` when it also has attributes. */
const text = (v: unknown): unknown => {
  const o = obj(v);
  return o !== undefined && '#text' in o ? o['#text'] : v;
};

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
};
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined);

/** The event element (`Event`) of an evtx_dump event. */
export const eventElement = (e: EvtxEvent): Record<string, unknown> | undefined => obj(e.Event);

export function systemOf(e: EvtxEvent): EvtxSystem {
  const s = obj(eventElement(e)?.System) ?? {};
  // Built by assignment, absent parts never set: deleting keys would slow every later access.
  const out: EvtxSystem = {};
  const set = <K extends keyof EvtxSystem>(k: K, v: EvtxSystem[K] | undefined): void => {
    if (v !== undefined) out[k] = v;
  };
  set('provider', str(attr(s.Provider, 'Name')));
  set('providerGuid', str(attr(s.Provider, 'Guid')));
  set('eventId', num(text(s.EventID)));
  set('version', num(text(s.Version)));
  set('level', num(text(s.Level)));
  set('task', num(text(s.Task)));
  set('opcode', num(text(s.Opcode)));
  set('keywords', str(text(s.Keywords)));
  set('time', str(attr(s.TimeCreated, 'SystemTime')));
  set('recordId', num(text(s.EventRecordID)));
  set('processId', num(attr(s.Execution, 'ProcessID')));
  set('threadId', num(attr(s.Execution, 'ThreadID')));
  set('channel', str(text(s.Channel)));
  set('computer', str(text(s.Computer)));
  set('userId', str(attr(s.Security, 'UserID')));
  return out;
}

/** A value as text for keyword fields: scalars as they are, anything else as JSON; empty for null. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/**
 * EventData as name → text (attributes of the element itself left out). Unnamed `<Data>` items
 * come as `Data` (evtx_dump's shape); values that are not scalars are written as JSON, so a field
 * has one type across events.
 */
export function eventData(e: EvtxEvent): Record<string, string> {
  const d = obj(eventElement(e)?.EventData);
  const out: Record<string, string> = {};
  if (!d) return out;
  for (const k in d) if (k !== '#attributes') out[k] = valueText(text(d[k]));
  return out;
}

/** UserData's one child element: its name, and its children as name → text. */
export function userData(e: EvtxEvent): { name: string; fields: Record<string, string> } | undefined {
  const d = obj(eventElement(e)?.UserData);
  if (!d) return undefined;
  const [name, child] = Object.entries(d).find(([k]) => k !== '#attributes') ?? [];
  if (name === undefined) return undefined;
  const fields: Record<string, string> = {};
  const c = obj(child);
  if (c) {
    for (const [k, v] of Object.entries(c)) if (k !== '#attributes') fields[k] = valueText(text(v));
  } else fields.value = valueText(child);
  return { name, fields };
}
