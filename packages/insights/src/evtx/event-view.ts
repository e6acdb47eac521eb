import type { EvtxRecord, JsonValue } from '@quarry/evtx';

/** Event logs the analyzers read, told apart once per record (by channel, Sysmon by provider too). */
export const Log = {
  Other: 0,
  Security: 1,
  System: 2,
  Sysmon: 3,
  PowerShell: 4,
  WindowsPowerShell: 5,
  TaskScheduler: 6,
  WmiActivity: 7,
  BitsClient: 8,
  RdpConnectionManager: 9,
  RdpLocalSession: 10,
  RdpCoreTs: 11,
} as const;
export type Log = (typeof Log)[keyof typeof Log];

const LOGS = new Map<string, Log>([
  ['security', Log.Security],
  ['system', Log.System],
  ['microsoft-windows-sysmon/operational', Log.Sysmon],
  ['microsoft-windows-powershell/operational', Log.PowerShell],
  ['windows powershell', Log.WindowsPowerShell],
  ['microsoft-windows-taskscheduler/operational', Log.TaskScheduler],
  ['microsoft-windows-wmi-activity/operational', Log.WmiActivity],
  ['microsoft-windows-bits-client/operational', Log.BitsClient],
  ['microsoft-windows-terminalservices-remoteconnectionmanager/operational', Log.RdpConnectionManager],
  ['microsoft-windows-terminalservices-localsessionmanager/operational', Log.RdpLocalSession],
  ['microsoft-windows-remotedesktopservices-rdpcorets/operational', Log.RdpCoreTs],
]);

type Obj = { [k: string]: JsonValue };

/** What every analyzer reads first from a record: the System header and the data element. */
export interface EventView {
  readonly record: EvtxRecord;
  readonly eventId: number;
  readonly log: Log;
  readonly channel: string;
  readonly provider: string;
  readonly computer: string;
  /** Record time, Unix ms (the record header's, as evtx_dump's TimeCreated to the millisecond). */
  readonly time: number;
  readonly recordId: number;
  readonly version: number;
  /** EventData, or the one element UserData wraps its fields in. */
  readonly data: Obj | undefined;
}

const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Scalar text of an element value: `#text` of attribute-carrying elements, "" for null/missing. */
export function text(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(text).join(',');
  return text(v['#text']);
}

let lastRecord: EvtxRecord | undefined;
let lastView: EventView | undefined;

/**
 * The view of a record. The pipeline pushes one record to every analyzer in turn, so the last view
 * is remembered: the header is read once per record, not once per analyzer.
 */
export function viewOf(record: EvtxRecord): EventView {
  if (record === lastRecord && lastView) return lastView;
  const ev = record.event['Event'];
  const sys = isObj(ev) && isObj(ev['System']) ? ev['System'] : undefined;
  const channel = sys ? text(sys['Channel']) : '';
  const provAttrs = sys && isObj(sys['Provider']) ? sys['Provider']['#attributes'] : undefined;
  const provider = isObj(provAttrs) ? text(provAttrs['Name']) : '';
  let log: Log = LOGS.get(channel.toLowerCase()) ?? Log.Other;
  if (log === Log.Other && provider === 'Microsoft-Windows-Sysmon') log = Log.Sysmon;
  let data: Obj | undefined;
  if (isObj(ev)) {
    if (isObj(ev['EventData'])) data = ev['EventData'];
    else if (isObj(ev['UserData'])) {
      for (const k in ev['UserData']) {
        const inner = ev['UserData'][k];
        if (k !== '#attributes' && isObj(inner)) data = inner;
      }
    }
  }
  lastView = {
    record,
    eventId: sys ? Number(text(sys['EventID'])) : NaN,
    log,
    channel,
    provider,
    computer: sys ? text(sys['Computer']) : '',
    time: recordTime(record, sys),
    recordId: eventRecordId(record, sys),
    version: sys ? Number(text(sys['Version'])) || 0 : 0,
    data,
  };
  lastRecord = record;
  return lastView;
}

/** A data field as text ("" when absent). */
export function field(v: EventView, name: string): string {
  return v.data ? text(v.data[name]) : '';
}

/** Unnamed `<Data>` values (classic providers: EventLog 6009/6013, Windows PowerShell 400/800), in order. */
export function dataList(v: EventView): string[] {
  const d = v.data?.['Data'];
  const inner = isObj(d) ? d['#text'] : d;
  if (Array.isArray(inner)) return inner.map(text);
  return inner === undefined ? [] : [text(inner)];
}

/**
 * The record header's time; when a damaged or carved record has none (1601, FILETIME 0), the
 * event's TimeCreated instead, so one bad header does not become the job's first event.
 */
export function recordTime(record: EvtxRecord, sys: Obj | undefined): number {
  const t = record.timestamp.getTime();
  if (t > 0 || !sys) return t;
  const created = sys['TimeCreated'];
  const attrs = isObj(created) ? created['#attributes'] : undefined;
  const parsed = isObj(attrs) ? Date.parse(text(attrs['SystemTime'])) : NaN;
  return Number.isNaN(parsed) ? t : parsed;
}

/** recordTime of a record on its own (its System element looked up here), for code without a view. */
export function recordTimeOf(record: EvtxRecord): number {
  const ev = record.event['Event'];
  return recordTime(record, isObj(ev) && isObj(ev['System']) ? ev['System'] : undefined);
}

/**
 * EventRecordID from the event (what evtx_dump, Event Viewer and every tool show). Exported or
 * carved logs may carry a different number in the record header, so that is only the fallback.
 */
export function eventRecordId(record: EvtxRecord, sys: Obj | undefined): number {
  const id = sys ? Number(text(sys['EventRecordID'])) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : record.recordId;
}
