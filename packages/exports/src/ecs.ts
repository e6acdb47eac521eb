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
  const event: Record<string, unknown> = {
    kind: rules.length > 0 ? 'alert' : 'event',
    created,
    ...(sys.eventId === undefined ? {} : { code: String(sys.eventId) }),
    ...(sys.provider === undefined ? {} : { provider: sys.provider }),
  };
  const winlog: Record<string, unknown> = {
    ...(sys.channel === undefined ? {} : { channel: sys.channel }),
    ...(sys.eventId === undefined ? {} : { event_id: String(sys.eventId) }),
    ...(sys.recordId === undefined ? {} : { record_id: String(sys.recordId) }),
    ...(sys.provider === undefined ? {} : { provider_name: sys.provider }),
    ...(sys.providerGuid === undefined ? {} : { provider_guid: sys.providerGuid }),
    ...(sys.computer === undefined ? {} : { computer_name: sys.computer }),
    ...(sys.version === undefined ? {} : { version: sys.version }),
    ...(sys.task === undefined ? {} : { task: String(sys.task) }),
    ...(sys.opcode === undefined ? {} : { opcode: String(sys.opcode) }),
    ...(sys.keywords === undefined ? {} : { keywords: sys.keywords }),
    ...(sys.processId === undefined && sys.threadId === undefined
      ? {}
      : {
          process: {
            ...(sys.processId === undefined ? {} : { pid: sys.processId }),
            ...(sys.threadId === undefined ? {} : { thread: { id: sys.threadId } }),
          },
        }),
    ...(sys.userId === undefined ? {} : { user: { identifier: sys.userId } }),
    ...(Object.keys(data).length === 0 ? {} : { event_data: data }),
    ...(user === undefined ? {} : { user_data: { xml_name: user.name, ...user.fields } }),
  };
  const process = processFields(data);
  const userEcs = userFields(data);
  const level = sys.level === undefined ? undefined : LEVELS[sys.level];
  const log = { ...(level === undefined ? {} : { level }), ...(source.source === undefined ? {} : { file: { path: source.source } }) };
  return {
    ...(sys.time === undefined ? {} : { '@timestamp': sys.time }),
    ecs: { version: ECS_VERSION },
    event,
    ...(sys.computer === undefined ? {} : { host: { name: sys.computer } }),
    ...(Object.keys(log).length === 0 ? {} : { log }),
    ...(process === undefined ? {} : { process }),
    ...(userEcs === undefined ? {} : { user: userEcs }),
    ...(rules.length === 0 ? {} : { rule: ruleFields(rules) }),
    winlog,
  };
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
