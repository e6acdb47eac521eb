/**
 * Record views the evaluator reads. Windows records arrive in the evtx_dump JSON shape
 * (`{"Event": {"System": …, "EventData": …}}`) and are flattened once into Sigma's field names;
 * anything else is arbitrary JSON addressed by (dotted) key paths.
 */
import { WINDOWS_SYSTEM_FIELDS } from './mapping/windows-sources.js';
import { COMPOSITE_FIELDS } from './windows-mapping.js';

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

export interface EventView {
  readonly isWindows: boolean;
  /** Lower-cased channel and numeric event id, for the logsource index (Windows only). */
  readonly channel: string | undefined;
  readonly eventId: number | undefined;
  readonly provider: string | undefined;
  readonly recordId: string | number | undefined;
  readonly timestamp: string | undefined;
  /** Raw value of a field, undefined when absent. */
  get(field: string): Json | undefined;
  /** String form of a scalar field (numbers and booleans stringified), cached. */
  text(field: string): string | undefined;
  /** Lower-cased string form of a scalar field, cached. */
  lower(field: string): string | undefined;
  /** Every scalar string in the record, for keyword searches (raw and lower-cased). */
  keywordValues(lowerCase: boolean): readonly string[];
  /** The original record. */
  readonly raw: Json;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parsers may hand over 64-bit integers as bigint; they read as their decimal text. */
function scalarText(v: Json | bigint | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return undefined;
}

/** `{"#text": x, "#attributes": …}` elements collapse to their text. */
function elementValue(v: Json): Json {
  if (isObj(v) && '#text' in v) return v['#text'] ?? null;
  return v;
}

abstract class BaseEvent implements EventView {
  abstract readonly isWindows: boolean;
  abstract readonly channel: string | undefined;
  abstract readonly eventId: number | undefined;
  abstract readonly provider: string | undefined;
  abstract readonly recordId: string | number | undefined;
  abstract readonly timestamp: string | undefined;
  abstract get(field: string): Json | undefined;
  abstract readonly raw: Json;
  private texts = new Map<string, string | undefined>();
  private lowers = new Map<string, string | undefined>();
  private keywordRaw: string[] | undefined;
  private keywordLower: string[] | undefined;

  /** Whether compared values are trimmed (Windows events; generic JSON is compared as written). */
  protected readonly trimValues: boolean = false;

  /**
   * A field's text as rules compare it. Windows pads some event data (LogonProcessName `NtLmSsp `,
   * `User32 `) and Hayabusa and Chainsaw match such values without the padding, so Windows
   * events compare trimmed values.
   */
  text(field: string): string | undefined {
    let t = this.texts.get(field);
    if (t === undefined && !this.texts.has(field)) {
      t = scalarText(this.get(field));
      if (this.trimValues) t = t?.trim();
      this.texts.set(field, t);
    }
    return t;
  }

  lower(field: string): string | undefined {
    let t = this.lowers.get(field);
    if (t === undefined && !this.lowers.has(field)) {
      t = this.text(field)?.toLowerCase();
      this.lowers.set(field, t);
    }
    return t;
  }

  protected abstract keywordSource(): Json;

  keywordValues(lowerCase: boolean): readonly string[] {
    if (!this.keywordRaw) {
      const out: string[] = [];
      collectStrings(this.keywordSource(), out);
      this.keywordRaw = out;
    }
    if (!lowerCase) return this.keywordRaw;
    this.keywordLower ??= this.keywordRaw.map((s) => s.toLowerCase());
    return this.keywordLower;
  }
}

function collectStrings(v: Json | bigint, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') out.push(String(v));
  else if (Array.isArray(v)) for (const x of v) collectStrings(x, out);
  else if (isObj(v)) for (const k in v) if (k !== '#attributes') collectStrings(v[k]!, out);
}

/** Resolves `a.b.c` in nested objects, preferring an exact key that contains dots. */
export function dottedGet(root: Json, path: string): Json | undefined {
  if (!isObj(root)) return undefined;
  if (path in root) return root[path];
  let cur: Json | undefined = root;
  let rest = path;
  while (rest) {
    if (!isObj(cur)) return undefined;
    if (rest in cur) return cur[rest];
    const dot = rest.indexOf('.');
    if (dot < 0) return undefined;
    // Try the longest dotted prefix that is a key, so `a.b.c` finds `{"a.b": {"c": 1}}`.
    let next: Json | undefined;
    let cut = dot;
    for (let d = rest.lastIndexOf('.'); d > 0; d = rest.lastIndexOf('.', d - 1)) {
      const head = rest.slice(0, d);
      if (head in cur) {
        next = cur[head];
        cut = d;
        break;
      }
    }
    if (next === undefined) return undefined;
    cur = next;
    rest = rest.slice(cut + 1);
  }
  return cur;
}

const SYSTEM_FIELDS: ReadonlySet<string> = new Set(WINDOWS_SYSTEM_FIELDS);

/**
 * `Provider_Name` for attribute Name of element Provider. The few such names recur in every
 * record: kept, they are one string each (hashed once) instead of a new string per record.
 */
const attributeNames = new Map<string, Map<string, string>>();
function attributeName(element: string, attribute: string): string {
  let byAttribute = attributeNames.get(element);
  // Bounded: a damaged record could invent any number of names.
  if (!byAttribute && attributeNames.size < 64) attributeNames.set(element, (byAttribute = new Map()));
  let name = byAttribute?.get(attribute);
  if (name === undefined) {
    name = `${element}_${attribute}`;
    if (byAttribute && byAttribute.size < 64) byAttribute.set(attribute, name);
  }
  return name;
}

/**
 * A record in the evtx_dump JSON shape, flattened into Sigma's Windows field names. A field
 * resolves in one order:
 * 1. a System name (WINDOWS_SYSTEM_FIELDS: EventID, Channel, Provider_Name, Computer, …) from
 *    Event/System only, absent when System lacks it: an EventData/UserData element of the same
 *    name never answers it (Security 1108 carries the failed event's `EventID` in its UserData);
 * 2. any other name from Event/System if the record has it there, then EventData, then the
 *    children of UserData's one provider-specific element (EventData wins when a record has both);
 * 3. a composite field of the Windows mapping (parts joined), then a dotted path into the raw
 *    record (`Event.UserData.LogFileCleared.Channel`).
 * The mapping's renames (Image → NewProcessName, …) happen before, when rules are compiled.
 */
export class WindowsEvent extends BaseEvent {
  readonly isWindows = true;
  protected override readonly trimValues = true;
  readonly channel: string | undefined;
  readonly eventId: number | undefined;
  readonly provider: string | undefined;
  readonly recordId: string | number | undefined;
  readonly timestamp: string | undefined;
  private system = new Map<string, Json>();
  private fields = new Map<string, Json>();
  private data: Json;

  constructor(readonly raw: Json) {
    super();
    const ev = isObj(raw) && isObj(raw['Event']) ? raw['Event'] : {};
    const sys = isObj(ev['System']) ? ev['System'] : {};
    this.data = ev['EventData'] ?? ev['UserData'] ?? null;
    // for…in rather than Object.entries: this runs for every record, and the arrays were garbage.
    for (const k in sys) this.addSystem(k, sys[k]!);
    this.addData(ev['EventData']);
    // UserData wraps its fields in one provider-specific element.
    const ud = ev['UserData'];
    if (isObj(ud)) for (const k in ud) if (k !== '#attributes') this.addData(ud[k]);
    const ch = this.system.get('Channel');
    this.channel = typeof ch === 'string' ? ch.toLowerCase() : undefined;
    const id = Number(this.system.get('EventID'));
    this.eventId = Number.isFinite(id) ? id : undefined;
    const pv = this.system.get('Provider_Name');
    this.provider = typeof pv === 'string' ? pv : undefined;
    const rid = this.system.get('EventRecordID');
    this.recordId = typeof rid === 'number' || typeof rid === 'string' ? rid : undefined;
    const ts = this.system.get('TimeCreated');
    this.timestamp = typeof ts === 'string' ? ts : undefined;
  }

  private addSystem(k: string, v: Json): void {
    if (k === '#attributes') return;
    if (isObj(v) && isObj(v['#attributes']) && !('#text' in v)) {
      // Attribute-only elements: Provider Name/Guid, TimeCreated SystemTime, Execution, Security.
      const attrs = v['#attributes'];
      for (const a in attrs) {
        const av = attrs[a]!;
        if (k === 'TimeCreated' && a === 'SystemTime') this.system.set('TimeCreated', av);
        this.system.set(attributeName(k, a), av);
      }
      return;
    }
    this.system.set(k, elementValue(v));
  }

  /** Data elements by name; a name already taken (EventData before UserData) keeps its value. */
  private addData(d: Json | undefined): void {
    if (!isObj(d)) return;
    for (const k in d) {
      if (k === '#attributes' || this.fields.has(k)) continue;
      const value = elementValue(d[k]!);
      this.fields.set(k, value);
      // Defender and some other providers name data with spaces ("Threat Name"); Sigma drops them.
      if (k.includes(' ')) {
        const compact = k.replace(/ /g, '');
        if (!(compact in d) && !this.fields.has(compact)) this.fields.set(compact, value);
      }
    }
  }

  get(field: string): Json | undefined {
    if (SYSTEM_FIELDS.has(field)) return this.system.get(field);
    const v = this.system.get(field) ?? this.fields.get(field);
    if (v !== undefined) return v;
    const composite = COMPOSITE_FIELDS.get(field);
    if (composite) return this.composite(composite.parts, composite.join);
    return field.includes('.') ? dottedGet(this.raw, field) : undefined;
  }

  private composite(parts: readonly string[], join: string): Json | undefined {
    const texts = parts.map((p) => scalarText(this.fields.get(p))).filter((t) => t !== undefined && t !== '');
    return texts.length ? texts.join(join) : undefined;
  }

  protected keywordSource(): Json {
    return this.data;
  }
}

/** Arbitrary JSON: fields are keys or dotted key paths. */
export class JsonEvent extends BaseEvent {
  readonly isWindows = false;
  readonly channel = undefined;
  readonly eventId = undefined;
  readonly provider = undefined;
  readonly recordId: string | number | undefined;
  readonly timestamp: string | undefined;

  constructor(readonly raw: Json) {
    super();
    this.recordId = firstScalar(raw, ['id', 'record_id', 'EventRecordID', '_id']) as string | number | undefined;
    const ts = firstScalar(raw, ['@timestamp', 'timestamp', 'TimeCreated', 'time', 'UtcTime']);
    this.timestamp = ts === undefined ? undefined : String(ts);
  }

  get(field: string): Json | undefined {
    return dottedGet(this.raw, field);
  }

  protected keywordSource(): Json {
    return this.raw;
  }
}

function firstScalar(raw: Json, keys: string[]): string | number | undefined {
  for (const k of keys) {
    const v = dottedGet(raw, k);
    if (typeof v === 'string' || typeof v === 'number') return v;
  }
  return undefined;
}

/** Picks the view for a record: evtx-shaped JSON becomes a Windows event. */
export function toEvent(record: Json): EventView {
  if (isObj(record) && isObj(record['Event']) && isObj(record['Event']['System'])) return new WindowsEvent(record);
  return new JsonEvent(record);
}
