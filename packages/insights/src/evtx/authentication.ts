import { Verdict } from '../common/importance.js';
import { logonTypeCell } from '../common/logon-types.js';
import { ntStatusCell } from '../common/status-codes.js';
import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { isSystemAccount } from './accounts.js';
import { kerberosAndNtlm } from './auth-kerberos.js';
import { privilegesAndExplicit } from './auth-privileges.js';
import { Log, field, viewOf, type EventView } from './event-view.js';
import { isLoopback, isNoAddress } from './ip.js';
import type { EvtxJob } from './job-state.js';
import { Occurrences } from './occurrences.js';
import { byImportanceThenTime } from './top-rows.js';

interface LogonRow {
  cells: string[];
  user: string;
  domain: string;
  type: string;
  ip: string;
  process: string;
  success: boolean;
  occ: Occurrences;
}

/**
 * "Authentication" (Authentication): the logon summary (4624/4625 grouped per result, account,
 * type, source, process, package, status and computer), Kerberos & NTLM, privileges & explicit
 * credentials, and logons per type.
 */
export function authentication(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  const rows = new Map<string, LogonRow>();
  const failuresPerUser = new Map<string, Occurrences>();
  /** The account as first written, for display (counting ignores case). */
  const userNames = new Map<string, string>();
  const usersPerIp = new Map<string, Set<string>>();
  const byType = new Map<string, number>();
  const kerberos = kerberosAndNtlm();
  const privileges = privilegesAndExplicit();

  const logon = (v: EventView) => {
    const success = v.eventId === 4624;
    const user = field(v, 'TargetUserName');
    const domain = field(v, 'TargetDomainName');
    const type = field(v, 'LogonType');
    const ip = field(v, 'IpAddress');
    const workstation = field(v, 'WorkstationName');
    // Windows pads LogonProcessName ("NtLmSsp ", "User32 ").
    const process = field(v, 'LogonProcessName').trim();
    const pkg = field(v, 'AuthenticationPackageName');
    const status = success ? '' : ntStatusCell(field(v, 'Status'), field(v, 'SubStatus'));
    const key = `${success}|${user}|${domain}|${type}|${ip}|${workstation}|${process}|${pkg}|${status}|${v.computer}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        cells: [success ? 'Success' : 'Failure', user, domain, logonTypeCell(type), ip, workstation, process, pkg, status],
        user,
        domain,
        type,
        ip,
        process,
        success,
        occ: new Occurrences(),
      };
      rows.set(key, row);
    }
    row.occ.add(v);
    byType.set(logonTypeCell(type) || 'unknown', (byType.get(logonTypeCell(type) || 'unknown') ?? 0) + 1);
    const remote = !isNoAddress(ip) && !isLoopback(ip);
    if (!success) {
      const k = user.toLowerCase();
      let f = failuresPerUser.get(k);
      if (!f) {
        failuresPerUser.set(k, (f = new Occurrences()));
        userNames.set(k, user);
      }
      f.add(v);
      if (remote) {
        let users = usersPerIp.get(ip);
        if (!users) usersPerIp.set(ip, (users = new Set()));
        if (users.size < 1000) users.add(k);
      }
    } else if (type === '10' && remote) {
      job.timeline.add({
        shortName: 'RDP logon',
        key: `${user}|${ip}`,
        category: 'Authentication',
        importance: 'Medium',
        time: v.time,
        recordId: v.recordId,
        detail: `${domain}\\${user} from ${ip} on ${v.computer}`,
      });
    }
  };

  const verdictOf = (r: LogonRow): Verdict => {
    const v = new Verdict('Low');
    const remote = !isNoAddress(r.ip) && !isLoopback(r.ip);
    if (!r.success) {
      const failures = failuresPerUser.get(r.user.toLowerCase())?.count ?? 0;
      if (failures > 5) v.hit('High', `> 5 failures for ${r.user} (${failures})`);
      if (remote && (usersPerIp.get(r.ip)?.size ?? 0) >= 5) v.hit('High', `≥ 5 users failing from ${r.ip}`);
      v.hit('Medium', 'failed logon');
      return v;
    }
    if (r.type === '9' && /seclogo/i.test(r.process)) v.hit('High', 'type 9 via seclogo (pass-the-hash)');
    if (r.type === '10' && remote) v.hit('Medium', 'RDP from a remote IP');
    if (r.type === '3' && r.user.toUpperCase() === 'ANONYMOUS LOGON') v.hit('Medium', 'anonymous network logon');
    else if (r.type === '3' && remote) v.hit('Low', 'remote network logon');
    if (v.reasons.length === 0 && isSystemAccount(r.user)) return new Verdict('Informational');
    return v;
  };

  job.timelineContributors.push((timeline) => {
    for (const [user, f] of failuresPerUser)
      if (f.count > 5)
        timeline.add({
          shortName: 'Failed logons',
          key: user,
          category: 'Authentication',
          importance: 'High',
          time: f.first,
          last: f.last,
          count: f.count,
          recordId: f.firstRecordId,
          detail: `${userNames.get(user) ?? user} on ${[...f.computers].join(', ')}`,
        });
    kerberos.contribute(timeline);
    privileges.contribute(timeline);
  });

  return {
    push(record) {
      const v = viewOf(record);
      if (v.log !== Log.Security) return;
      if (v.eventId === 4624 || v.eventId === 4625) logon(v);
      kerberos.push(v);
      privileges.push(v);
    },
    finish(): Insight[] {
      const header = [
        'Result',
        'Target User',
        'Target Domain',
        'Logon Type',
        'Source IP',
        'Source Workstation',
        'Logon Process',
        'Auth Package',
        'Status',
        'Count',
        'First Seen',
        'Last Seen',
        'Computer',
        'Importance',
        'Reasons',
        'Record IDs',
      ];
      const data = [...rows.values()]
        .map((r) => ({ r, verdict: verdictOf(r) }))
        .map((x) => ({ ...x, importance: x.verdict.importance, time: x.r.occ.first }))
        .sort(byImportanceThenTime)
        .map(({ r, verdict }) => [
          ...r.cells,
          String(r.occ.count),
          r.occ.firstText,
          r.occ.lastText,
          [...r.occ.computers].join(', '),
          verdict.importance,
          verdict.text,
          r.occ.recordIdsText,
        ]);
      const chart = [...byType.entries()].sort((a, b) => b[1] - a[1]) as [string, number][];
      return [
        { Table: { title: 'Authentication', data: [header, ...data], category: 'Authentication' } },
        kerberos.insight(),
        privileges.insight(),
        { Chart: { title: 'Authentication: Logons by Type', data: chart, category: 'Authentication', display_mode: 'pie' } },
      ];
    },
  };
}
