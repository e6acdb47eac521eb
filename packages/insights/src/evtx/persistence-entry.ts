import { Log, field, type EventView } from './event-view.js';
import { autostartKey } from './autostart-keys.js';
import { parseTaskXml } from './task-xml.js';

/** One persistence event, before judging: what was set up, by whom, with which command. */
export interface PersistenceEvent {
  mechanism: string;
  name: string;
  command: string;
  account: string;
  /** Facts only some mechanisms have (group name, WMI consumer type, critical key change…). */
  group?: string;
  consumerType?: string;
  critical?: string;
  /** Timeline entry this event makes, if any. */
  timeline?:
    | 'Service installed'
    | 'Scheduled task created'
    | 'Scheduled task deleted'
    | 'User account created'
    | 'Added to group'
    | 'Autostart registry change'
    | 'WMI persistence';
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"+|"+$/g, '')
    .replace(/\\"/g, '"');

/** The WMI consumer's name from `CommandLineEventConsumer.Name="x"` (quotes dropped). */
function consumerName(s: string): string {
  const m = /Name=\\?"([^"\\]+)\\?"/.exec(s);
  return m ? m[1]! : unquote(s);
}

/** The persistence event a record is, or null (INSIGHTS.md §3 Persistence sources). */
export function persistenceEvent(v: EventView): PersistenceEvent | null {
  const id = v.eventId;
  switch (v.log) {
    case Log.System:
      if (id === 7045)
        return {
          mechanism: 'Service installed',
          name: field(v, 'ServiceName'),
          command: field(v, 'ImagePath'),
          account: field(v, 'AccountName'),
          timeline: 'Service installed',
        };
      if (id === 7040)
        return { mechanism: 'Service start type changed', name: field(v, 'param1'), command: `${field(v, 'param2')} → ${field(v, 'param3')}`, account: '' };
      return null;
    case Log.Security:
      switch (id) {
        case 4697:
          return {
            mechanism: 'Service installed',
            name: field(v, 'ServiceName'),
            command: field(v, 'ServiceFileName'),
            account: field(v, 'ServiceAccount') || field(v, 'SubjectUserName'),
            timeline: 'Service installed',
          };
        case 4698:
        case 4702:
        case 4699: {
          const task = parseTaskXml(field(v, 'TaskContent') || field(v, 'TaskContentNew'));
          const command = `${task.command}${task.arguments ? ` ${task.arguments}` : ''}`;
          return {
            mechanism: id === 4699 ? 'Scheduled task deleted' : id === 4702 ? 'Scheduled task updated' : 'Scheduled task created',
            name: field(v, 'TaskName'),
            command: task.runLevel ? `${command} [${task.runLevel}${task.userId ? `, ${task.userId}` : ''}]` : command,
            account: field(v, 'SubjectUserName'),
            timeline: id === 4698 ? 'Scheduled task created' : id === 4699 ? 'Scheduled task deleted' : undefined,
          };
        }
        case 4720:
        case 4722:
        case 4738:
        case 4741:
        case 4781: {
          const what = { 4720: 'Account created', 4722: 'Account enabled', 4738: 'Account changed', 4741: 'Computer account created', 4781: 'Account renamed' }[
            id
          ];
          const name = id === 4781 ? `${field(v, 'OldTargetUserName')} → ${field(v, 'NewTargetUserName')}` : field(v, 'TargetUserName');
          return { mechanism: what, name, command: '', account: field(v, 'SubjectUserName'), timeline: id === 4720 ? 'User account created' : undefined };
        }
        case 4728:
        case 4732:
        case 4756: {
          const member = field(v, 'MemberName') !== '-' && field(v, 'MemberName') ? field(v, 'MemberName') : field(v, 'MemberSid');
          const group = field(v, 'TargetUserName');
          return {
            mechanism: 'Added to group',
            name: `${member} → ${group}`,
            command: '',
            account: field(v, 'SubjectUserName'),
            group,
            timeline: 'Added to group',
          };
        }
      }
      return null;
    case Log.Sysmon: {
      if (id === 12 || id === 13 || id === 14) {
        const target = field(v, 'TargetObject');
        const key = autostartKey(target);
        if (!key) return null;
        return {
          mechanism: key.mechanism,
          name: key.name,
          command: field(v, 'Details') || field(v, 'NewName') || field(v, 'EventType'),
          account: field(v, 'User') || field(v, 'Image'),
          critical: key.critical,
          timeline: 'Autostart registry change',
          group: target,
        };
      }
      if (id === 19)
        return {
          mechanism: 'WMI subscription: filter',
          name: unquote(field(v, 'Name')),
          command: field(v, 'Query'),
          account: field(v, 'User'),
          timeline: 'WMI persistence',
        };
      if (id === 20)
        return {
          mechanism: 'WMI subscription: consumer',
          name: unquote(field(v, 'Name')),
          command: field(v, 'Destination'),
          account: field(v, 'User'),
          consumerType: field(v, 'Type'),
          timeline: 'WMI persistence',
        };
      if (id === 21)
        return {
          mechanism: 'WMI subscription: binding',
          name: consumerName(field(v, 'Consumer')),
          command: `filter ${consumerName(field(v, 'Filter'))}`,
          account: field(v, 'User'),
          timeline: 'WMI persistence',
        };
      if (id === 11) {
        const file = field(v, 'TargetFilename');
        if (!/\\start menu\\programs\\startup\\/i.test(file)) return null;
        return { mechanism: 'Startup folder', name: file.slice(file.lastIndexOf('\\') + 1), command: file, account: field(v, 'User') || field(v, 'Image') };
      }
      return null;
    }
    case Log.WmiActivity:
      if (id === 5861) {
        const text = `${field(v, 'PossibleCause')} ${field(v, 'ESS')} ${field(v, 'CONSUMER')}`;
        const consumer = /(\w+EventConsumer)[^"]*Name\s*=\s*"([^"]+)"/.exec(text);
        return {
          mechanism: 'WMI subscription: binding',
          name: consumer?.[2] ?? field(v, 'CONSUMER'),
          command: field(v, 'PossibleCause').slice(0, 1000),
          account: '',
          consumerType: consumer?.[1],
          timeline: 'WMI persistence',
        };
      }
      return null;
    case Log.TaskScheduler:
      if ([106, 140, 141, 129, 200, 201].includes(id)) {
        const what = { 106: 'registered', 140: 'updated', 141: 'deleted', 129: 'launched', 200: 'action started', 201: 'action completed' }[id as 106];
        return {
          mechanism: `Scheduled task ${what}`,
          name: field(v, 'TaskName'),
          command: field(v, 'ActionName') || field(v, 'Path'),
          account: field(v, 'UserContext') || field(v, 'UserName'),
        };
      }
      return null;
    case Log.BitsClient:
      if (id === 3 || id === 59 || id === 60)
        return {
          mechanism: 'BITS job',
          name: field(v, 'jobTitle') || field(v, 'name'),
          command: field(v, 'url') || field(v, 'processPath'),
          account: field(v, 'jobOwner') || field(v, 'processPath'),
        };
      return null;
  }
  return null;
}
