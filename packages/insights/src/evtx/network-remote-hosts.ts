import { maxImportance } from '../common/importance.js';
import type { Importance, Insight } from '../types.js';
import { Log, field, type EventView } from './event-view.js';
import { isLoopback, isNoAddress } from './ip.js';
import { Occurrences, addCapped, listCell } from './occurrences.js';
import { byImportanceThenTime } from './top-rows.js';

interface Host {
  ip: string;
  names: Set<string>;
  activities: Map<string, number>;
  accounts: Set<string>;
  occ: Occurrences;
  importance: Importance;
}

/** Activities listed per host (the count of the rest is shown). */
const ACTIVITIES_SHOWN = 12;

/** "Network Analysis: Remote Hosts": per remote IP, what it did (logons, shares, connections). */
export class RemoteHosts {
  private hosts = new Map<string, Host>();

  add(ip: string, v: EventView, activity: string, importance: Importance, account: string, hostName: string): void {
    if (isNoAddress(ip) || isLoopback(ip)) return;
    let h = this.hosts.get(ip);
    if (!h) this.hosts.set(ip, (h = { ip, names: new Set(), activities: new Map(), accounts: new Set(), occ: new Occurrences(), importance: 'Informational' }));
    h.occ.add(v);
    if (h.activities.size < 200 || h.activities.has(activity)) h.activities.set(activity, (h.activities.get(activity) ?? 0) + 1);
    addCapped(h.accounts, account);
    if (hostName && hostName !== '-') addCapped(h.names, hostName, 10);
    h.importance = maxImportance(h.importance, importance);
  }

  /** Logons from remote addresses (4624 / 4625) as activities, with the Authentication levels. */
  pushLogon(v: EventView): void {
    if (v.log !== Log.Security || (v.eventId !== 4624 && v.eventId !== 4625)) return;
    const ip = field(v, 'IpAddress');
    if (isNoAddress(ip) || isLoopback(ip)) return;
    const type = field(v, 'LogonType');
    const user = field(v, 'TargetUserName');
    const importance: Importance = v.eventId === 4625 ? 'Medium' : type === '10' ? 'Medium' : 'Low';
    this.add(ip, v, `${v.eventId} type ${type}`, importance, user, field(v, 'WorkstationName'));
  }

  insight(): Insight {
    const header = ['IP', 'Hostnames', 'Activities', 'Accounts', 'First Seen', 'Last Seen', 'Importance', 'Record IDs'];
    const rows = [...this.hosts.values()]
      .map((h) => ({ h, importance: h.importance, time: h.occ.first }))
      .sort(byImportanceThenTime)
      .map(({ h }) => {
        const acts = [...h.activities.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
        const shown = acts.slice(0, ACTIVITIES_SHOWN).map(([a, n]) => `${a} ×${n}`);
        if (acts.length > ACTIVITIES_SHOWN) shown.push(`… ${acts.length - ACTIVITIES_SHOWN} more`);
        return [h.ip, listCell(h.names), shown.join('; '), listCell(h.accounts), h.occ.firstText, h.occ.lastText, h.importance, h.occ.recordIdsText];
      });
    return { Table: { title: 'Network Analysis: Remote Hosts', data: [header, ...rows], category: 'Network' } };
  }
}
