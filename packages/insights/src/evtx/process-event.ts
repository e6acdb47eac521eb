import { Log, field, type EventView } from './event-view.js';

/** A process creation (Sysmon 1 or Security 4688), in one shape for the graph and the tables. */
export interface ProcessEvent {
  eventId: 1 | 4688;
  computer: string;
  time: number;
  recordId: number;
  image: string;
  commandLine: string;
  pid: number;
  /** Creator pid (4688 ProcessId, Sysmon ParentProcessId); NaN when absent. */
  parentPid: number;
  /** Sysmon ProcessGuid / ParentProcessGuid; "" for 4688. */
  guid: string;
  parentGuid: string;
  /** Sysmon ParentImage, 4688 v2 ParentProcessName; may be "". */
  parentImage: string;
  parentCommandLine: string;
  user: string;
  integrity: string;
  currentDirectory: string;
  hashes: string;
  logonId: string;
}

/** 4688 MandatoryLabel SIDs as Sysmon's IntegrityLevel names. */
const INTEGRITY: Record<string, string> = {
  'S-1-16-0': 'Untrusted',
  'S-1-16-4096': 'Low',
  'S-1-16-8192': 'Medium',
  'S-1-16-8448': 'MediumPlus',
  'S-1-16-12288': 'High',
  'S-1-16-16384': 'System',
  'S-1-16-20480': 'Protected',
};

/** Windows writes 4688 pids as `0xae8`, Sysmon as decimal. */
export function pidValue(text: string): number {
  if (text === '') return NaN;
  return /^0x/i.test(text) ? parseInt(text, 16) : Number(text);
}

/** The process creation a record holds, or null. */
export function processEvent(v: EventView): ProcessEvent | null {
  if (v.eventId === 1 && v.log === Log.Sysmon) {
    return {
      eventId: 1,
      computer: v.computer,
      time: v.time,
      recordId: v.recordId,
      image: field(v, 'Image'),
      commandLine: field(v, 'CommandLine'),
      pid: pidValue(field(v, 'ProcessId')),
      parentPid: pidValue(field(v, 'ParentProcessId')),
      guid: field(v, 'ProcessGuid').toLowerCase(),
      parentGuid: field(v, 'ParentProcessGuid').toLowerCase(),
      parentImage: field(v, 'ParentImage'),
      parentCommandLine: field(v, 'ParentCommandLine'),
      user: field(v, 'User'),
      integrity: field(v, 'IntegrityLevel'),
      currentDirectory: field(v, 'CurrentDirectory'),
      hashes: field(v, 'Hashes'),
      logonId: field(v, 'LogonId'),
    };
  }
  if (v.eventId === 4688 && v.log === Log.Security) {
    const label = field(v, 'MandatoryLabel');
    const domain = field(v, 'SubjectDomainName');
    const user = field(v, 'SubjectUserName');
    return {
      eventId: 4688,
      computer: v.computer,
      time: v.time,
      recordId: v.recordId,
      image: field(v, 'NewProcessName'),
      commandLine: field(v, 'CommandLine'),
      pid: pidValue(field(v, 'NewProcessId')),
      parentPid: pidValue(field(v, 'ProcessId')),
      guid: '',
      parentGuid: '',
      parentImage: field(v, 'ParentProcessName'),
      parentCommandLine: '',
      user: domain && user ? `${domain}\\${user}` : user,
      integrity: INTEGRITY[label] ?? label,
      currentDirectory: '',
      hashes: '',
      logonId: field(v, 'SubjectLogonId'),
    };
  }
  return null;
}
