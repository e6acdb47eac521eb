import type { Row } from '../registry/table.js';
import { rowLink, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';

export const USER_COLUMNS = ['User', 'SID', 'Source', 'Groups', 'Flags', 'Logon Count', 'Last Logon', 'Profile Path', 'Evidence'] as const;

/**
 * The host's users: SAM accounts (with SID, groups and ProfileList's profile folder, from the
 * registry Authentication Data table), the other profiles ProfileList holds (domain accounts, which
 * SAM never holds, and well-known service accounts), and the owners of the user hives the
 * collection held.
 */
export function userRows(state: HostState): Row[] {
  const rows: Row[] = tableRows(state.insight('registry', 'Authentication Data')).map((r) => ({
    cells: {
      User: r.cells.User ?? '',
      SID: r.cells.SID ?? '',
      Source: `SAM (${r.cells.Hive ?? ''})`,
      Groups: r.cells.Groups ?? '',
      Flags: r.cells.Flags ?? '',
      'Logon Count': r.cells['Logon Count'] ?? '',
      'Last Logon': r.cells['Last Logon'] ?? '',
      'Profile Path': r.cells['Profile Path'] ?? '',
      Evidence: rowLink('registry', 'Authentication Data', r.row),
    },
    time: r.cells['Last Logon'] || null,
  }));
  // A SID once: SAM's row says more, and two SOFTWARE hives of one host list the same profiles.
  const sids = new Set(rows.map((r) => r.cells.SID).filter((sid) => sid !== ''));
  for (const r of tableRows(state.insight('registry', 'Authentication Data: Profiles'))) {
    const sid = r.cells.SID ?? '';
    if (sid === '' || sids.has(sid)) continue;
    sids.add(sid);
    rows.push({
      cells: {
        User: r.cells.User ?? '',
        SID: sid,
        Source: `ProfileList (${r.cells.Hive ?? ''})`,
        'Profile Path': r.cells['Profile Path'] ?? '',
        Evidence: rowLink('registry', 'Authentication Data: Profiles', r.row),
      },
    });
  }
  const known = new Set(rows.map((r) => r.cells.User!.toLowerCase()));
  for (const r of tableRows(state.insight('registry', 'User Activity'))) {
    const user = r.cells.User ?? '';
    if (user === '' || known.has(user.toLowerCase())) continue;
    known.add(user.toLowerCase());
    rows.push({ cells: { User: user, Source: `user hive (${r.cells.Hive ?? ''})`, Evidence: rowLink('registry', 'User Activity', r.row) } });
  }
  return rows;
}

export const INTERFACE_COLUMNS = ['Interface', 'Adapter', 'DHCP', 'IP Address', 'Subnet Mask', 'Gateway', 'DNS Servers', 'Domain', 'Hive', 'Evidence'] as const;

/** Network interfaces and their addresses, from the registry Network Artifacts table. */
export function interfaceRows(state: HostState): Row[] {
  return tableRows(state.insight('registry', 'Network Artifacts')).map((r) => ({
    cells: { ...r.cells, Evidence: rowLink('registry', 'Network Artifacts', r.row) },
  }));
}
