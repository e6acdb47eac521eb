import { Verdict } from '../common/importance.js';
import type { Insight } from '../types.js';
import { Log, field, type EventView } from './event-view.js';
import { isLoopback, isNoAddress } from './ip.js';
import type { RemoteHosts } from './network-remote-hosts.js';
import { Groups, Occurrences } from './occurrences.js';
import { byImportanceThenTime } from './top-rows.js';

interface ShareRow {
  eventId: number;
  share: string;
  target: string;
  ip: string;
  account: string;
  access: string;
  occ: Occurrences;
  verdict: Verdict;
}

/** Named pipes remote admin tools open over IPC$ (PsExec, RemCom, service/task/registry RPC). */
const ADMIN_PIPES = /^(svcctl|atsvc|winreg|samr|lsarpc|psexesvc.*|remcom.*)$/i;

/** `\\*\ADMIN$` → `ADMIN$`. */
const shareName = (s: string) => s.replace(/^\\\\[^\\]*\\/, '');

/** "Network Analysis: Share Access": 5140/5142/5144/5145 grouped by share, target, source, account and access. */
export function shareAccess(hosts: RemoteHosts) {
  const groups = new Groups<ShareRow | null>(() => null);
  return {
    push(v: EventView): void {
      if (v.log !== Log.Security || (v.eventId !== 5140 && v.eventId !== 5145 && v.eventId !== 5142 && v.eventId !== 5144)) return;
      const share = shareName(field(v, 'ShareName'));
      const target = field(v, 'RelativeTargetName');
      const ip = field(v, 'IpAddress');
      const account = field(v, 'SubjectUserName');
      const access = field(v, 'AccessList').replace(/\s+/g, ' ').trim();
      const key = `${v.eventId}|${share}|${target}|${ip}|${account}|${access}`;
      let row = groups.map.get(key);
      if (!row) {
        const verdict = new Verdict('Low');
        const remote = !isNoAddress(ip) && !isLoopback(ip);
        const upper = share.toUpperCase();
        if ((upper === 'ADMIN$' || upper === 'C$') && remote) verdict.hit('Medium', `${upper} from a remote host`);
        if (upper === 'IPC$' && ADMIN_PIPES.test(target)) verdict.hit('High', `remote-admin pipe ${target}`);
        if (upper === 'ADMIN$' && access.includes('%%4417')) verdict.hit('High', 'write under ADMIN$');
        groups.map.set(key, (row = { eventId: v.eventId, share, target, ip, account, access, occ: new Occurrences(), verdict }));
      }
      row.occ.add(v);
      hosts.add(ip, v, `${v.eventId} ${share}${target ? `\\${target}` : ''}`, row.verdict.importance, account, '');
    },
    insight(): Insight {
      const header = [
        'Share',
        'Relative Target',
        'Source IP',
        'Account',
        'Access',
        'Count',
        'First Seen',
        'Last Seen',
        'Importance',
        'Reasons',
        'Event ID',
        'Record IDs',
      ];
      const rows = groups
        .values()
        .filter((r): r is ShareRow => r !== null)
        .map((r) => ({ r, importance: r.verdict.importance, time: r.occ.first }))
        .sort(byImportanceThenTime)
        .map(({ r }) => [
          r.share,
          r.target,
          r.ip,
          r.account,
          r.access,
          String(r.occ.count),
          r.occ.firstText,
          r.occ.lastText,
          r.verdict.importance,
          r.verdict.text,
          String(r.eventId),
          r.occ.recordIdsText,
        ]);
      return { Table: { title: 'Network Analysis: Share Access', data: [header, ...rows], category: 'Network' } };
    },
  };
}
