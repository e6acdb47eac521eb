import { Verdict } from '../common/importance.js';
import { logonTypeCell } from '../common/logon-types.js';
import type { Insight } from '../types.js';
import { isSystemAccount } from './accounts.js';
import { field, type EventView } from './event-view.js';
import { Occurrences } from './occurrences.js';
import type { TimelineBuilder } from './timeline-builder.js';
import { byImportanceThenTime } from './top-rows.js';

interface Row {
  eventId: number;
  subject: string;
  target: string;
  server: string;
  process: string;
  origin: string;
  privileges: string;
  occ: Occurrences;
}

/** 4624 logon ids remembered for the 4672 join (oldest forgotten first). */
const LOGONS_KEPT = 100_000;
const HOUR_MS = 3600 * 1000;

/** "Authentication: Privileges & Explicit Credentials": 4672 (joined to its 4624), 4648, 4964. */
export function privilegesAndExplicit() {
  const rows = new Map<string, Row>();
  const logons = new Map<string, string>();
  const debugLogons = new Map<string, number>();
  /** Per subject, explicit-credential targets with times, for "> 6 targets in 1 h". */
  const explicit = new Map<string, { time: number; target: string }[]>();
  const spraying = new Set<string>();

  const add = (v: EventView, r: Omit<Row, 'occ' | 'eventId'>) => {
    const key = `${v.eventId}|${r.subject}|${r.target}|${r.server}|${r.process}|${r.origin}|${r.privileges}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { eventId: v.eventId, ...r, occ: new Occurrences() }));
    row.occ.add(v);
  };

  const verdictOf = (r: Row): Verdict => {
    const v = new Verdict('Informational');
    if (r.eventId === 4672 && /SeDebugPrivilege/.test(r.privileges) && !isSystemAccount(r.subject)) {
      v.hit('Low', 'SeDebugPrivilege for a user account');
      if ((debugLogons.get(r.subject) ?? 0) > 10) v.hit('Medium', '> 10 SeDebugPrivilege logons');
    }
    if (r.eventId === 4648) {
      v.hit('Low', 'explicit credentials');
      if (spraying.has(r.subject)) v.hit('High', '> 6 target users in 1 h');
    }
    if (r.eventId === 4964) v.hit('Medium', 'special group logon');
    return v;
  };

  return {
    push(v: EventView): void {
      if (v.eventId === 4624) {
        if (logons.size >= LOGONS_KEPT) logons.delete(logons.keys().next().value!);
        logons.set(`${v.computer}|${field(v, 'TargetLogonId')}`, `${logonTypeCell(field(v, 'LogonType'))} ${field(v, 'IpAddress')}`.trim());
      } else if (v.eventId === 4672) {
        const subject = field(v, 'SubjectUserName');
        const privileges = field(v, 'PrivilegeList').replace(/\s+/g, ' ').trim();
        if (/SeDebugPrivilege/.test(privileges)) debugLogons.set(subject, (debugLogons.get(subject) ?? 0) + 1);
        add(v, { subject, target: '', server: '', process: '', origin: logons.get(`${v.computer}|${field(v, 'SubjectLogonId')}`) ?? '', privileges });
      } else if (v.eventId === 4648) {
        const subject = field(v, 'SubjectUserName');
        const target = `${field(v, 'TargetDomainName')}\\${field(v, 'TargetUserName')}`;
        const server = field(v, 'TargetServerName');
        add(v, { subject, target, server, process: field(v, 'ProcessName'), origin: field(v, 'IpAddress'), privileges: '' });
        let list = explicit.get(subject);
        if (!list) explicit.set(subject, (list = []));
        if (list.length < 512) list.push({ time: v.time, target });
        if (new Set(list.filter((x) => Math.abs(x.time - v.time) <= HOUR_MS).map((x) => x.target)).size > 6) spraying.add(subject);
      } else if (v.eventId === 4964) {
        add(v, {
          subject: field(v, 'TargetUserName'),
          target: '',
          server: '',
          process: '',
          origin: field(v, 'TargetLogonId'),
          privileges: field(v, 'SidList').replace(/\s+/g, ' ').trim(),
        });
      }
    },
    contribute(timeline: TimelineBuilder): void {
      for (const r of rows.values())
        if (r.eventId === 4648)
          timeline.add({
            shortName: 'Explicit credential logon',
            key: `${r.subject}|${r.target}`,
            category: 'Authentication',
            importance: spraying.has(r.subject) ? 'High' : 'Low',
            time: r.occ.first,
            last: r.occ.last,
            count: r.occ.count,
            recordId: r.occ.firstRecordId,
            detail: `${r.subject} → ${r.target} @ ${r.server} (${r.process})`,
          });
    },
    insight(): Insight {
      const header = [
        'Event ID',
        'Subject',
        'Target',
        'Target Server',
        'Process',
        'Logon / IP',
        'Privileges',
        'Count',
        'First Seen',
        'Last Seen',
        'Importance',
        'Reasons',
        'Record IDs',
      ];
      const data = [...rows.values()]
        .map((r) => ({ r, verdict: verdictOf(r), time: r.occ.first }))
        .map((x) => ({ ...x, importance: x.verdict.importance }))
        .sort(byImportanceThenTime)
        .map(({ r, verdict }) => [
          String(r.eventId),
          r.subject,
          r.target,
          r.server,
          r.process,
          r.origin,
          r.privileges,
          String(r.occ.count),
          r.occ.firstText,
          r.occ.lastText,
          verdict.importance,
          verdict.text,
          r.occ.recordIdsText,
        ]);
      return { Table: { title: 'Authentication: Privileges & Explicit Credentials', data: [header, ...data], category: 'Authentication' } };
    },
  };
}
