import { isRc4, encryptionCell } from '../common/encryption-types.js';
import { Verdict } from '../common/importance.js';
import { codeValue, kerberosStatusCell, ntStatusCell } from '../common/status-codes.js';
import type { Insight } from '../types.js';
import { field, type EventView } from './event-view.js';
import { Occurrences } from './occurrences.js';
import type { TimelineBuilder } from './timeline-builder.js';
import { byImportanceThenTime } from './top-rows.js';

interface Row {
  eventId: number;
  account: string;
  service: string;
  client: string;
  encryption: string;
  preAuth: string;
  status: string;
  serviceSid: string;
  rc4: boolean;
  failed: boolean;
  occ: Occurrences;
}

const WINDOW_MS = 10 * 60 * 1000;

/** "Authentication: Kerberos & NTLM": 4768/4769/4771/4776 grouped, with the Kerberoasting and spraying rules. */
export function kerberosAndNtlm() {
  const rows = new Map<string, Row>();
  /** Per account, RC4 service tickets (time, service), for "≥ 3 services in 10 min". */
  const rc4ByAccount = new Map<string, { time: number; service: string }[]>();
  const roasting = new Set<string>();
  /** Per client IP, accounts with 4771 0x18 (bad password). */
  const sprayByIp = new Map<string, Set<string>>();

  const verdictOf = (r: Row): Verdict => {
    const v = new Verdict('Low');
    if (r.eventId === 4769 && r.rc4) {
      v.hit('High', 'RC4 service ticket');
      if (roasting.has(r.account)) v.hit('Critical', 'RC4 tickets for ≥ 3 services in 10 min');
    }
    if (r.eventId === 4769 && /-500$/.test(r.serviceSid)) v.hit('High', 'ticket for the built-in Administrator (-500)');
    if (r.eventId === 4768 && r.preAuth === '0') v.hit('High', 'no Kerberos pre-authentication (AS-REP roasting)');
    if (r.eventId === 4771 && codeValue(r.status) === 0x18 && (sprayByIp.get(r.client)?.size ?? 0) >= 5)
      v.hit('High', `bad passwords for ≥ 5 accounts from ${r.client}`);
    if (r.eventId === 4776 && r.failed) v.hit('Medium', 'NTLM validation failed');
    if (r.eventId === 4771 && r.failed && v.reasons.length === 0) v.hit('Medium', 'Kerberos pre-authentication failed');
    return v;
  };

  return {
    push(v: EventView): void {
      const id = v.eventId;
      if (id !== 4768 && id !== 4769 && id !== 4771 && id !== 4776) return;
      const account = field(v, 'TargetUserName');
      const service = id === 4776 ? field(v, 'Workstation') : field(v, 'ServiceName');
      const client = (id === 4776 ? field(v, 'Workstation') : field(v, 'IpAddress')).replace(/^::ffff:/, '');
      const enc = field(v, 'TicketEncryptionType');
      const status = field(v, 'Status');
      const code = codeValue(status);
      const failed = Number.isFinite(code) && code !== 0;
      const rc4 = id === 4769 && isRc4(enc) && !failed && !/^krbtgt$/i.test(service) && !service.endsWith('$');
      const key = `${id}|${account}|${service}|${client}|${enc}|${status}`;
      let r = rows.get(key);
      if (!r) {
        const statusCell = id === 4776 ? ntStatusCell(status, '') : kerberosStatusCell(status);
        rows.set(
          key,
          (r = {
            eventId: id,
            account,
            service,
            client,
            encryption: encryptionCell(enc),
            preAuth: field(v, 'PreAuthType'),
            status: statusCell,
            serviceSid: field(v, 'ServiceSid'),
            rc4,
            failed,
            occ: new Occurrences(),
          }),
        );
      }
      r.occ.add(v);
      if (rc4) {
        let list = rc4ByAccount.get(account);
        if (!list) rc4ByAccount.set(account, (list = []));
        if (list.length < 256) list.push({ time: v.time, service: service.toLowerCase() });
        const near = new Set(list.filter((x) => Math.abs(x.time - v.time) <= WINDOW_MS).map((x) => x.service));
        if (near.size >= 3) roasting.add(account);
      }
      if (id === 4771 && code === 0x18) {
        let s = sprayByIp.get(client);
        if (!s) sprayByIp.set(client, (s = new Set()));
        if (s.size < 1000) s.add(account);
      }
    },
    contribute(timeline: TimelineBuilder): void {
      for (const r of rows.values()) {
        const v = verdictOf(r);
        if (r.eventId === 4769 && r.rc4)
          timeline.add({
            shortName: 'RC4 service ticket',
            key: r.service,
            category: 'Authentication',
            importance: v.importance,
            time: r.occ.first,
            last: r.occ.last,
            count: r.occ.count,
            recordId: r.occ.firstRecordId,
            detail: `${r.account} → ${r.service} (${r.encryption}) from ${r.client}`,
          });
        if ((r.eventId === 4771 || r.eventId === 4776) && r.failed)
          timeline.add({
            shortName: 'Kerberos/NTLM failures',
            key: r.account,
            category: 'Authentication',
            importance: 'Medium',
            time: r.occ.first,
            last: r.occ.last,
            count: r.occ.count,
            recordId: r.occ.firstRecordId,
            detail: `${r.account} (${r.eventId} ${r.status}) from ${r.client}`,
          });
      }
    },
    insight(): Insight {
      const header = [
        'Event ID',
        'Account',
        'Service',
        'Client Address',
        'Ticket Encryption',
        'Pre-Auth Type',
        'Status',
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
          r.account,
          r.service,
          r.client,
          r.encryption,
          r.preAuth,
          r.status,
          String(r.occ.count),
          r.occ.firstText,
          r.occ.lastText,
          verdict.importance,
          verdict.text,
          r.occ.recordIdsText,
        ]);
      return { Table: { title: 'Authentication: Kerberos & NTLM', data: [header, ...data], category: 'Authentication' } };
    },
  };
}
