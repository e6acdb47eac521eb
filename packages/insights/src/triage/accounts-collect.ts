import type { ArtifactType } from '@quarry/vocabulary';
import { maxImportance } from '../common/importance.js';
import type { Importance } from '../types.js';
import { cellImportance, cellTime, rowLink, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';

/** What the collection says about one account. */
export interface Account {
  /** accountKey of its name: lower case, no domain. */
  key: string;
  names: Set<string>;
  domains: Set<string>;
  sids: Set<string>;
  rids: Set<string>;
  /** `Success 3 (Network)` -> events. */
  logonTypes: Map<string, number>;
  successes: number;
  failures: number;
  sources: Set<string>;
  /** Successful logons' first and last times (EVTX 4624, RDP, SAM last logon). */
  firstLogon: number | null;
  lastLogon: number | null;
  rdp: Map<string, number>;
  explicit: Map<string, number>;
  privileges: Set<string>;
  sam: string[];
  /** Execution rows naming the account, by source. */
  executions: Map<string, number>;
  importance: Importance;
  reasons: Set<string>;
  links: Set<string>;
}

/** One spelling of an account name for joins: `DOMAIN\User`, `User@domain` and `user` are `user`. */
export function accountKey(name: string): string {
  const n = name.trim();
  const bare = n.includes('\\') ? n.slice(n.lastIndexOf('\\') + 1) : n.includes('@') ? n.slice(0, n.indexOf('@')) : n;
  return bare.toLowerCase();
}

const NOT_AN_ACCOUNT = new Set(['', '-']);

/** Accounts by key, made on first mention. */
export class Accounts {
  readonly byKey = new Map<string, Account>();

  get(name: string, domain = ''): Account | null {
    const key = accountKey(name);
    if (NOT_AN_ACCOUNT.has(key)) return null;
    let a = this.byKey.get(key);
    if (!a) {
      a = {
        key,
        names: new Set(),
        domains: new Set(),
        sids: new Set(),
        rids: new Set(),
        logonTypes: new Map(),
        successes: 0,
        failures: 0,
        sources: new Set(),
        firstLogon: null,
        lastLogon: null,
        rdp: new Map(),
        explicit: new Map(),
        privileges: new Set(),
        sam: [],
        executions: new Map(),
        importance: 'Informational',
        reasons: new Set(),
        links: new Set(),
      };
      this.byKey.set(key, a);
    }
    const bare = name.includes('\\') ? name.slice(name.lastIndexOf('\\') + 1) : name;
    // One spelling per case-insensitive name (`Administrator`, `administrator`): the first seen.
    if (![...a.names].some((n) => n.toLowerCase() === bare.toLowerCase())) a.names.add(bare);
    const d = domain || (name.includes('\\') ? name.slice(0, name.indexOf('\\')) : '');
    if (d && d !== '-') a.domains.add(d);
    return a;
  }
}

/** A row of a per-type table counted for an account: its importance, reasons and link. */
export function note(a: Account, type: ArtifactType, title: string, row: number, importance: string | undefined, reasons?: string): void {
  a.importance = maxImportance(a.importance, cellImportance(importance));
  for (const r of (reasons ?? '').split('; ')) if (r) a.reasons.add(r);
  a.links.add(rowLink(type, title, row));
}

export function logonAt(a: Account, ...cells: (string | undefined)[]): void {
  for (const c of cells) {
    const t = cellTime(c);
    if (t === null) continue;
    a.firstLogon = a.firstLogon === null ? t : Math.min(a.firstLogon, t);
    a.lastLogon = a.lastLogon === null ? t : Math.max(a.lastLogon, t);
  }
}

export const bump = (m: Map<string, number>, k: string, n = 1): void => {
  m.set(k, (m.get(k) ?? 0) + n);
};

/** A count cell; 1 when the table gives none (one row is one event at least). */
export const countOf = (text: string | undefined): number => (/^\d+$/.test(text ?? '') ? Number(text) : 1);

/** The SID -> SAM user name map (BAM rows name users by SID). */
export function samUsersBySid(state: HostState): Map<string, string> {
  const out = new Map<string, string>();
  for (const { cells: c } of tableRows(state.insight('registry', 'Authentication Data'))) if (c['SID'] && c['User']) out.set(c['SID'], c['User']);
  return out;
}
