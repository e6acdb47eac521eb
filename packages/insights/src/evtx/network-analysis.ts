import { Verdict } from '../common/importance.js';
import { lolbin } from '../common/lolbins.js';
import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { Log, field, viewOf, type EventView } from './event-view.js';
import { isLoopback, isNoAddress, isPublic } from './ip.js';
import type { EvtxJob } from './job-state.js';
import { dnsAndRdp } from './network-dns-rdp.js';
import { RemoteHosts } from './network-remote-hosts.js';
import { shareAccess } from './network-shares.js';
import { Groups, Occurrences, addCapped, listCell } from './occurrences.js';
import { byImportanceThenTime } from './top-rows.js';

interface Connection {
  process: string;
  protocol: string;
  direction: 'inbound' | 'outbound';
  sourceIp: string;
  sourcePorts: Set<string>;
  destinationIp: string;
  destinationPorts: Set<string>;
  hosts: Set<string>;
  computer: string;
  occ: Occurrences;
  verdict: Verdict;
}

const REMOTE_ADMIN_PORTS = new Set(['22', '135', '139', '445', '3389', '5985', '5986']);
const PROTOCOLS: Record<string, string> = { '6': 'tcp', '17': 'udp', '1': 'icmp', '58': 'icmpv6' };

/** INSIGHTS.md §3 Network importance of one connection. */
function connectionVerdict(process: string, direction: string, remoteIp: string, servicePort: string): Verdict {
  const v = new Verdict('Low');
  if (isLoopback(remoteIp)) return new Verdict('Informational');
  if (direction === 'outbound') {
    const lol = lolbin(process);
    if (lol?.tier === 'High') v.hit('High', `outbound by ${lol.reason}`);
    if (isPublic(remoteIp) && servicePort !== '80' && servicePort !== '443') v.hit('Medium', `public IP on port ${servicePort}`);
  } else if (REMOTE_ADMIN_PORTS.has(servicePort) && !isNoAddress(remoteIp)) {
    v.hit('Medium', `inbound remote-admin port ${servicePort}`);
  }
  return v;
}

/**
 * "Network Analysis" (Network): Sysmon 3 and 5156 connections grouped by process, protocol,
 * direction, remote IP and service port; remote hosts, share access, DNS and RDP tables.
 */
export function networkAnalysis(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  const connections = new Groups<Connection | null>(() => null);
  const hosts = new RemoteHosts();
  const shares = shareAccess(hosts);
  const other = dnsAndRdp();

  const connection = (
    v: EventView,
    process: string,
    protocol: string,
    direction: 'inbound' | 'outbound',
    sIp: string,
    sPort: string,
    dIp: string,
    dPort: string,
    host: string,
  ) => {
    // WFP 5156 writes the local side as Source both ways. Arguments are (local, remote): callers orient each source's fields that way.
    const remoteIp = dIp;
    const servicePort = direction === 'outbound' ? dPort : sPort;
    const key = `${v.computer}|${process.toLowerCase()}|${protocol}|${direction}|${remoteIp}|${servicePort}`;
    let c = connections.map.get(key);
    if (!c) {
      c = {
        process,
        protocol,
        direction,
        sourceIp: sIp,
        sourcePorts: new Set(),
        destinationIp: dIp,
        destinationPorts: new Set(),
        hosts: new Set(),
        computer: v.computer,
        occ: new Occurrences(),
        verdict: connectionVerdict(process, direction, remoteIp, servicePort),
      };
      connections.map.set(key, c);
    }
    c.occ.add(v);
    addCapped(c.sourcePorts, sPort, 10);
    addCapped(c.destinationPorts, dPort, 10);
    if (host !== '-') addCapped(c.hosts, host, 10);
    hosts.add(
      remoteIp,
      v,
      `sysmon${v.eventId === 3 ? '3' : ''}${v.eventId === 5156 ? '5156' : ''} ${protocol}/${servicePort}`.replace('sysmon5156', '5156'),
      c.verdict.importance,
      '',
      host,
    );
    if (c.verdict.importance === 'High' || c.verdict.importance === 'Critical')
      job.timeline.add({
        shortName: 'Suspicious connection',
        key: `${process.toLowerCase()}|${remoteIp}`,
        category: 'Network',
        importance: c.verdict.importance,
        time: v.time,
        recordId: v.recordId,
        detail: `${process} ${direction} ${protocol} ${remoteIp}:${dPort} (${c.verdict.text})`,
      });
  };

  return {
    push(record) {
      const v = viewOf(record);
      shares.push(v);
      other.push(v, job.timeline);
      hosts.pushLogon(v);
      if (v.eventId === 3 && v.log === Log.Sysmon) {
        const initiated = field(v, 'Initiated') === 'true';
        // Sysmon 3 writes the initiator as Source: inbound, the peer is the Source and the local listener the Destination.
        const [lIp, lPort, rIp, rPort, rHost] = initiated
          ? [field(v, 'SourceIp'), field(v, 'SourcePort'), field(v, 'DestinationIp'), field(v, 'DestinationPort'), field(v, 'DestinationHostname')]
          : [field(v, 'DestinationIp'), field(v, 'DestinationPort'), field(v, 'SourceIp'), field(v, 'SourcePort'), field(v, 'SourceHostname')];
        connection(v, field(v, 'Image'), field(v, 'Protocol').toLowerCase(), initiated ? 'outbound' : 'inbound', lIp, lPort, rIp, rPort, rHost);
      } else if (v.eventId === 5156 && v.log === Log.Security) {
        const direction = field(v, 'Direction') === '%%14592' ? 'inbound' : 'outbound';
        const proto = field(v, 'Protocol');
        connection(
          v,
          field(v, 'Application'),
          PROTOCOLS[proto] ?? proto,
          direction,
          field(v, 'SourceAddress'),
          field(v, 'SourcePort'),
          field(v, 'DestAddress'),
          field(v, 'DestPort'),
          '',
        );
      }
    },
    finish(): Insight[] {
      const rows = connections
        .values()
        .filter((c): c is Connection => c !== null)
        .map((c) => ({ c, importance: c.verdict.importance, time: c.occ.first }))
        .sort(byImportanceThenTime);
      const header = [
        'Process',
        'Protocol',
        'Direction',
        'Source IP',
        'Source Port',
        'Destination IP',
        'Destination Port',
        'Destination Host',
        'Count',
        'First Seen',
        'Last Seen',
        'Computer',
        'Importance',
        'Reasons',
        'Record IDs',
      ];
      const data = rows.map(({ c }) => [
        c.process,
        c.protocol,
        c.direction,
        c.direction === 'outbound' ? c.sourceIp : c.destinationIp,
        listCell(c.direction === 'outbound' ? c.sourcePorts : c.destinationPorts, 5),
        c.direction === 'outbound' ? c.destinationIp : c.sourceIp,
        listCell(c.direction === 'outbound' ? c.destinationPorts : c.sourcePorts, 5),
        listCell(c.hosts, 5),
        String(c.occ.count),
        c.occ.firstText,
        c.occ.lastText,
        c.computer,
        c.verdict.importance,
        c.verdict.text,
        c.occ.recordIdsText,
      ]);
      return [{ Table: { title: 'Network Analysis', data: [header, ...data], category: 'Network' } }, hosts.insight(), shares.insight(), ...other.insights()];
    },
  };
}
