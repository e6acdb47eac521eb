import { chunked } from './chunks.js';
import { eventData, systemOf, userData } from './evtx-fields.js';
import { jsonLine } from './json-line.js';
import { processFields, userFields } from './ecs-subjects.js';
import type { EvtxSourceEvent, RowSource } from './sources.js';

/** The ECS version the documents conform to (`ecs.version`); the tests check every field against its definitions. */
export const ECS_VERSION = '9.4.0';

export interface EcsOptions {
  /** Index (or data stream) each document is created in (default `quarry-evtx`). */
  index?: string;
  /** `event.created`: when the export read the events (default: when the export starts). */
  created?: Date;
}

/** Windows event levels as Winlogbeat names them in `log.level`; 0 (LogAlways) reads as information. */
const LEVELS: Readonly<Record<number, string>> = { 0: 'information', 1: 'critical', 2: 'error', 3: 'warning', 4: 'information', 5: 'verbose' };

/**
 * One EVTX event as an ECS document. ECS fields where ECS has one (`@timestamp`, `event.*`,
 * `host.name`, `process.*`, `user.*`, `log.*`, `rule.*`); everything else of the event under
 * `winlog.*` as Winlogbeat names it (`winlog` is no ECS field set, so it never clashes). Event data
 * values are all text, so a field keeps one type across events.
 */
export function ecsDocument(source: EvtxSourceEvent, created: string): Record<string, unknown> {
  const sys = systemOf(source.event);
  const data = eventData(source.event);
  const user = userData(source.event);
  const rules = source.sigma ?? [];
  const code = sys.eventId === undefined ? undefined : String(sys.eventId);
  const doc: Record<string, unknown> = {};
  put(doc, '@timestamp', sys.time);
  doc.ecs = { version: ECS_VERSION };
  const event: Record<string, unknown> = { kind: rules.length > 0 ? 'alert' : 'event', created };
  put(event, 'code', code);
  put(event, 'provider', sys.provider);
  doc.event = event;
  if (sys.computer !== undefined) doc.host = { name: sys.computer };
  const log: Record<string, unknown> = {};
  put(log, 'level', sys.level === undefined ? undefined : LEVELS[sys.level]);
  if (source.source !== undefined) log.file = { path: source.source };
  if (Object.keys(log).length > 0) doc.log = log;
  put(doc, 'process', processFields(data));
  put(doc, 'user', userFields(data));
  if (rules.length > 0) doc.rule = ruleFields(rules);
  const winlog: Record<string, unknown> = {};
  put(winlog, 'channel', sys.channel);
  put(winlog, 'event_id', code);
  put(winlog, 'record_id', sys.recordId === undefined ? undefined : String(sys.recordId));
  put(winlog, 'provider_name', sys.provider);
  put(winlog, 'provider_guid', sys.providerGuid);
  put(winlog, 'computer_name', sys.computer);
  put(winlog, 'version', sys.version);
  put(winlog, 'task', sys.task === undefined ? undefined : String(sys.task));
  put(winlog, 'opcode', sys.opcode === undefined ? undefined : String(sys.opcode));
  put(winlog, 'keywords', sys.keywords);
  if (sys.processId !== undefined || sys.threadId !== undefined) {
    const process: Record<string, unknown> = {};
    put(process, 'pid', sys.processId);
    if (sys.threadId !== undefined) process.thread = { id: sys.threadId };
    winlog.process = process;
  }
  if (sys.userId !== undefined) winlog.user = { identifier: sys.userId };
  if (Object.keys(data).length > 0) winlog.event_data = data;
  if (user !== undefined) winlog.user_data = { xml_name: user.name, ...user.fields };
  doc.winlog = winlog;
  return doc;
}

/** Sets a field only when it has a value: documents leave absent fields out. */
function put(o: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) o[key] = value;
}

/** One matched rule as its values; several as arrays of them (keyword fields take both). */
function ruleFields(rules: EvtxSourceEvent['sigma'] & object): Record<string, unknown> {
  const one = rules.length === 1;
  const pick = (f: (r: (typeof rules)[number]) => string): string | string[] => (one ? f(rules[0]!) : rules.map(f));
  return { name: pick((r) => r.title), id: pick((r) => r.id), ruleset: 'sigma' };
}

/**
 * ECS documents in the Elasticsearch bulk API format: per event a `create` action line, then the
 * document (`create` works for an index and for a data stream alike). Ends with a newline, as the
 * bulk API requires.
 */
export function ecsBulk(events: RowSource<EvtxSourceEvent>, options: EcsOptions = {}): AsyncGenerator<string> {
  const action = jsonLine({ create: { _index: options.index ?? 'quarry-evtx' } });
  const created = (options.created ?? new Date()).toISOString();
  return chunked(
    (async function* () {
      for await (const e of events) yield action + jsonLine(ecsDocument(e, created));
    })(),
  );
}
