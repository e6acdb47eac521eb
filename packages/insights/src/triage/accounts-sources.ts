import { cellTime, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';
import { bump, countOf, logonAt, note, samUsersBySid, type Accounts } from './accounts-collect.js';

/** EVTX "Authentication": 4624/4625 groups by logon type and source. */
export function fromLogons(state: HostState, accounts: Accounts): void {
  const title = 'Authentication';
  for (const { row, cells: c } of tableRows(state.insight('winevtx', title))) {
    const a = accounts.get(c['Target User'] ?? '', c['Target Domain']);
    if (!a) continue;
    const n = countOf(c['Count']);
    const ok = c['Result'] !== 'Failure';
    bump(a.logonTypes, `${ok ? 'Success' : 'Failure'} ${c['Logon Type'] ?? ''}`.trim(), n);
    if (ok) {
      a.successes += n;
      logonAt(a, c['First Seen'], c['Last Seen']);
    } else a.failures += n;
    for (const s of [c['Source IP'], c['Source Workstation']]) if (s && s !== '-') a.sources.add(s);
    note(a, 'winevtx', title, row, c['Importance'], c['Reasons']);
  }
}

/** EVTX 4672 privileges (of the logon's subject) and 4648 explicit credentials (subject -> target). */
export function fromPrivileges(state: HostState, accounts: Accounts): void {
  const title = 'Authentication: Privileges & Explicit Credentials';
  for (const { row, cells: c } of tableRows(state.insight('winevtx', title))) {
    const a = accounts.get(c['Subject'] ?? '');
    if (!a) continue;
    if (c['Event ID'] === '4648') bump(a.explicit, `${c['Target'] ?? ''}${c['Target Server'] ? ` @ ${c['Target Server']}` : ''}`, countOf(c['Count']));
    // The cell may hold group SIDs (%{S-1-…}) beside the privilege names: only Se…Privilege are privileges.
    for (const p of (c['Privileges'] ?? '').split(/[,\s]+/)) if (/^Se\w+Privilege$/.test(p)) a.privileges.add(p);
    note(a, 'winevtx', title, row, c['Importance'], c['Reasons']);
  }
}

/** EVTX "Network Analysis: RDP": 1149 authentications, LocalSessionManager 21/25 logons and reconnects, 4778/4779. */
export function fromRdp(state: HostState, accounts: Accounts): void {
  const title = 'Network Analysis: RDP';
  for (const { row, cells: c } of tableRows(state.insight('winevtx', title))) {
    const a = accounts.get(c['User'] ?? '', c['Domain']);
    if (!a) continue;
    bump(a.rdp, `${c['Event ID'] ?? ''}${c['Address'] ? ` from ${c['Address']}` : ''}`, countOf(c['Count']));
    if (c['Address']) a.sources.add(c['Address']);
    if (['1149', '21', '25'].includes(c['Event ID'] ?? '')) logonAt(a, c['First Seen'], c['Last Seen']);
    note(a, 'winevtx', title, row, undefined);
  }
}

/** Registry SAM "Authentication Data": RID, SID, flags, logon count, last logon, password set, groups. */
export function fromSam(state: HostState, accounts: Accounts): void {
  const title = 'Authentication Data';
  for (const { row, cells: c } of tableRows(state.insight('registry', title))) {
    const a = accounts.get(c['User'] ?? '');
    if (!a) continue;
    if (c['SID']) a.sids.add(c['SID']);
    if (c['RID']) a.rids.add(c['RID']);
    const parts = [
      c['Flags'],
      c['Logon Count'] ? `logon count ${c['Logon Count']}` : '',
      c['Last Logon'] ? `last logon ${c['Last Logon']}` : '',
      c['Password Last Set'] ? `password set ${c['Password Last Set']}` : '',
      c['Groups'] ? `groups ${c['Groups']}` : '',
    ];
    a.sam.push(parts.filter(Boolean).join(', '));
    if (cellTime(c['Last Logon']) !== null) logonAt(a, c['Last Logon']);
    note(a, 'registry', title, row, c['Importance'], c['Reasons']);
  }
}

/**
 * Executions attributed to the account, counted from the rows that name a user: UserAssist (User
 * Activity), BAM/DAM (by SID, resolved through the SAM) and process creations (4688/Sysmon 1).
 */
export function fromExecutions(state: HostState, accounts: Accounts): void {
  const bySid = samUsersBySid(state);
  for (const { cells: c } of tableRows(state.insight('registry', 'User Activity')))
    if (c['Source'] === 'UserAssist') {
      const a = accounts.get(c['User'] ?? '');
      if (a) bump(a.executions, 'UserAssist');
    }
  for (const { cells: c } of tableRows(state.insight('registry', 'User Activity: Program Execution'))) {
    const user = c['User'] ?? '';
    const a = accounts.get(bySid.get(user) ?? user);
    if (!a) continue;
    if (user.startsWith('S-1-')) a.sids.add(user);
    bump(a.executions, 'BAM/DAM');
  }
  for (const { cells: c } of tableRows(state.insight('winevtx', 'Process Analysis: Command Lines'))) {
    const a = accounts.get(c['User'] ?? '');
    if (a) bump(a.executions, 'process creation');
  }
}
