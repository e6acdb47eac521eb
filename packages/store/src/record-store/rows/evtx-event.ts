import type { EvtxRecord, JsonValue } from '@quarry/evtx';
import { eventRecordId, recordTime } from '@quarry/insights';

type Obj = { [k: string]: JsonValue };
const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Scalar text of an element: `#text` of attribute-carrying elements, "" for null or missing. */
function text(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.map(text).join(', ');
  return text(v['#text']);
}

/** The System header fields a row shows, and the event's data fields as strings. */
export interface EventFacts {
  eventId: number;
  recordId: number;
  time: number;
  provider: string;
  computer: string;
  version: number;
  /**
   * The data fields as strings, flattened: name, value, name, value… (StoredRow.fields), each
   * name once, in the order an object of them lists its keys (the writer thread writes their JSON
   * object text from this list).
   */
  fields: string[];
}

/**
 * Data fields as strings. Nested elements (UserData payloads) are named by dotted paths, and
 * repeated unnamed `<Data>` values (classic providers) are joined with ", " under "Data".
 */
function flatten(data: Obj, prefix: string, out: string[]): boolean {
  let nested = false;
  for (const k in data) {
    if (k === '#attributes') continue;
    const v = data[k];
    if (isObj(v) && !('#text' in v)) {
      flatten(v, `${prefix}${k}.`, out);
      nested = true;
    } else out.push(`${prefix}${k}`, text(v));
  }
  return nested;
}

/**
 * The fields as an object of them has them: a name once, with its last value, in the object's key
 * order (integer-like names first, ascending), and no `__proto__` (an assignment to it sets no key).
 */
function asKeyed(fields: string[]): string[] {
  const keyed: Record<string, string> = {};
  for (let i = 0; i < fields.length; i += 2) keyed[fields[i]!] = fields[i + 1]!;
  const out: string[] = [];
  for (const k in keyed) out.push(k, keyed[k]!);
  return out;
}

/** EventData, or the one element UserData wraps its fields in (as the analyzers read it). */
function dataOf(ev: Obj): Obj | undefined {
  if (isObj(ev['EventData'])) return ev['EventData'];
  const user = ev['UserData'];
  if (!isObj(user)) return undefined;
  let inner: Obj | undefined;
  for (const k in user) if (k !== '#attributes' && isObj(user[k])) inner = user[k];
  return inner;
}

export function eventFacts(record: EvtxRecord): EventFacts {
  const ev = record.event['Event'];
  const sys = isObj(ev) && isObj(ev['System']) ? ev['System'] : undefined;
  const providerAttrs = sys && isObj(sys['Provider']) ? sys['Provider']['#attributes'] : undefined;
  let fields: string[] = [];
  const data = isObj(ev) ? dataOf(ev) : undefined;
  // A data object's own keys are each once, in key order; nested paths may meet a dotted name.
  if (data && (flatten(data, '', fields) || Object.hasOwn(data, '__proto__'))) fields = asKeyed(fields);
  return {
    eventId: sys ? Number(text(sys['EventID'])) : NaN,
    // The same id and time the analyzers use: EventRecordID, and TimeCreated for a header without a time.
    recordId: eventRecordId(record, sys),
    time: recordTime(record, sys),
    provider: isObj(providerAttrs) ? text(providerAttrs['Name']) : '',
    computer: sys ? text(sys['Computer']) : '',
    version: sys ? Number(text(sys['Version'])) || 0 : 0,
    fields,
  };
}
