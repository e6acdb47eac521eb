import type { Insight } from '../types.js';
import { Log, field, type EventView } from './event-view.js';
import { isLoopback, isNoAddress } from './ip.js';
import { Groups, Occurrences, addCapped, listCell } from './occurrences.js';
import type { TimelineBuilder } from './timeline-builder.js';

interface Dns {
  query: string;
  image: string;
  results: Set<string>;
  occ: Occurrences;
}

interface Rdp {
  eventId: number;
  user: string;
  domain: string;
  address: string;
  sessions: Set<string>;
  channel: string;
  occ: Occurrences;
}

const LSM_EVENTS = new Set([21, 22, 23, 24, 25, 39, 40]);

/** "Network Analysis: DNS" (Sysmon 22) and "Network Analysis: RDP" (1149, LocalSessionManager, 4778/4779, RdpCoreTS 131). */
export function dnsAndRdp() {
  const dns = new Groups<Dns | null>(() => null);
  const rdp = new Groups<Rdp | null>(() => null);

  const addRdp = (v: EventView, user: string, domain: string, address: string, session: string) => {
    const key = `${v.computer}|${v.eventId}|${user}|${domain}|${address}`;
    let r = rdp.map.get(key);
    if (!r) rdp.map.set(key, (r = { eventId: v.eventId, user, domain, address, sessions: new Set(), channel: v.channel, occ: new Occurrences() }));
    r.occ.add(v);
    addCapped(r.sessions, session, 10);
  };

  return {
    push(v: EventView, timeline: TimelineBuilder): void {
      if (v.log === Log.Sysmon && v.eventId === 22) {
        const query = field(v, 'QueryName');
        const image = field(v, 'Image');
        const key = `${query.toLowerCase()}|${image.toLowerCase()}`;
        let d = dns.map.get(key);
        if (!d) dns.map.set(key, (d = { query, image, results: new Set(), occ: new Occurrences() }));
        d.occ.add(v);
        for (const r of field(v, 'QueryResults').split(';'))
          if (r.trim() && r.trim() !== '-') addCapped(d.results, r.trim().replace(/^type:\s*\d+\s*/, ''), 20);
      } else if (v.log === Log.RdpConnectionManager && v.eventId === 1149) {
        const [user, domain, ip] = [field(v, 'Param1'), field(v, 'Param2'), field(v, 'Param3')];
        addRdp(v, user, domain, ip, '');
        timeline.add({
          shortName: 'RDP authentication',
          key: `${user}|${ip}`,
          category: 'Network',
          importance: 'Medium',
          time: v.time,
          recordId: v.recordId,
          detail: `${domain ? `${domain}\\` : ''}${user} from ${ip} on ${v.computer}`,
        });
      } else if (v.log === Log.RdpLocalSession && LSM_EVENTS.has(v.eventId)) {
        addRdp(v, field(v, 'User'), '', field(v, 'Address'), field(v, 'SessionID') || field(v, 'Session'));
      } else if (v.log === Log.Security && (v.eventId === 4778 || v.eventId === 4779)) {
        addRdp(v, field(v, 'AccountName'), field(v, 'AccountDomain'), field(v, 'ClientAddress'), field(v, 'SessionName'));
      } else if (v.log === Log.RdpCoreTs && v.eventId === 131) {
        const client = field(v, 'ClientIP');
        addRdp(v, '', '', client.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''), '');
      }
    },
    insights(): Insight[] {
      const dnsRows = dns
        .values()
        .filter((d): d is Dns => d !== null)
        .sort((a, b) => b.occ.count - a.occ.count || a.occ.first - b.occ.first)
        .map((d) => [
          d.query,
          listCell(d.results),
          d.image,
          String(d.occ.count),
          d.occ.firstText,
          d.occ.lastText,
          listCell(d.occ.computers),
          d.occ.recordIdsText,
        ]);
      const rdpRows = rdp
        .values()
        .filter((r): r is Rdp => r !== null)
        .sort((a, b) => a.occ.first - b.occ.first)
        .map((r) => {
          const remote = r.address && !isNoAddress(r.address) && !isLoopback(r.address) && r.address !== 'LOCAL';
          return [
            String(r.eventId),
            r.channel,
            r.user,
            r.domain,
            r.address,
            remote ? 'remote' : 'local',
            listCell(r.sessions),
            String(r.occ.count),
            r.occ.firstText,
            r.occ.lastText,
            listCell(r.occ.computers),
            r.occ.recordIdsText,
          ];
        });
      return [
        {
          Table: {
            title: 'Network Analysis: DNS',
            data: [['Query Name', 'Query Results', 'Image', 'Count', 'First Seen', 'Last Seen', 'Computers', 'Record IDs'], ...dnsRows],
            category: 'Network',
          },
        },
        {
          Table: {
            title: 'Network Analysis: RDP',
            data: [
              ['Event ID', 'Channel', 'User', 'Domain', 'Address', 'Origin', 'Sessions', 'Count', 'First Seen', 'Last Seen', 'Computers', 'Record IDs'],
              ...rdpRows,
            ],
            category: 'Network',
          },
        },
      ];
    },
  };
}
