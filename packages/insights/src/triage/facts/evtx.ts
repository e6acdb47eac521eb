import type { Insight } from '../../types.js';
import type { RecordsRef, TimeKind, TriageRecord } from '../model.js';
import { fact, joinCells, tableFacts, type TimeColumn } from './table-facts.js';
import { byTitle, firstId, orNull, timelineEntries } from './table-rows.js';

/** The event log records behind a row: its (first) record id, on its computer when the table says. */
function records(recordId: string, computer?: string): RecordsRef | null {
  if (recordId === '') return null;
  const filters = [{ field: 'record_id', value: recordId }];
  if (computer && !computer.includes(',')) filters.push({ field: 'computer', value: computer });
  return { type: 'winevtx', filters };
}

const firstLast = (kind: TimeKind | ((c: Record<string, string>) => TimeKind | null)): TimeColumn[] => [
  { column: 'First Seen', kind, label: 'first' },
  { column: 'Last Seen', kind, label: 'last' },
];

/** Key Event Timeline: one fact at each entry's first occurrence, and one at its last when there is one. */
function keyEvents(insights: readonly Insight[]): TriageRecord[] {
  const title = 'Key Event Timeline';
  return timelineEntries(byTitle(insights, title)).flatMap((e, row) => {
    const sigmaRule = e.short_name.startsWith('Sigma: ') ? e.short_name.slice('Sigma: '.length) : null;
    const f = { description: `${e.short_name}: ${e.description}`, sigmaRule, records: records(String(e.record_id)) };
    const out = [fact('winevtx', title, row, e.timestamp_start, e.timestamp_end === null ? 'event' : 'first seen', f, e.importance)];
    if (e.timestamp_end !== null && e.timestamp_end !== e.timestamp_start) out.push(fact('winevtx', title, row, e.timestamp_end, 'last seen', f, e.importance));
    return out;
  });
}

/** RDP events by what they say happened to the session. */
const RDP_KIND: Record<string, TimeKind> = {
  '1149': 'logged on',
  '21': 'logged on',
  '22': 'event',
  '23': 'logged off',
  '24': 'disconnected',
  '25': 'connected',
  '39': 'disconnected',
  '40': 'disconnected',
  '4778': 'connected',
  '4779': 'disconnected',
  '131': 'connected',
};

/** IndexTables keep the 1,000 most important rows (INSIGHTS.md §1). */
const INDEX_TABLE_CAP = 1000;

/**
 * Process Analysis' first and last creation per image, only when the command lines table is at its
 * cap: then some creations have no row there, and the image's own times stand in for them.
 */
function imagesWhenCapped(insights: readonly Insight[]): TriageRecord[] {
  const lines = byTitle(insights, 'Process Analysis: Command Lines');
  if (!lines || !('IndexTable' in lines) || lines.IndexTable.data.length < INDEX_TABLE_CAP) return [];
  return tableFacts('winevtx', insights, 'Process Analysis', firstLast('executed'), (c) => ({
    description: joinCells(c['Image'], `×${c['Executions']}`, c['Users'] ? `by ${c['Users']}` : '', c['Parents'] ? `(parents ${c['Parents']})` : ''),
    path: orNull(c['Image']),
    records: records(firstId(c['Record IDs']), c['Computers']),
  }));
}

/**
 * The Host Timeline facts of an EVTX member type's results: Key Event Timeline entries, process
 * creations (command lines), logon groups, privileges and explicit credentials, Kerberos/NTLM,
 * persistence, Sigma matches (first/last per rule) and the network tables (RDP, remote hosts,
 * connections, shares). Process Analysis rows are not repeated (their command lines are the facts)
 * unless the command lines table is capped.
 */
export function evtxFacts(insights: readonly Insight[]): TriageRecord[] {
  const t = (title: string, columns: TimeColumn[], describe: Parameters<typeof tableFacts>[4]) => tableFacts('winevtx', insights, title, columns, describe);
  return [
    ...keyEvents(insights),
    ...t('Process Analysis: Command Lines', [{ column: 'Time', kind: 'executed' }], (c) => ({
      description: joinCells(c['Image'], c['Details.CommandLine'] ? `: ${c['Details.CommandLine']}` : '', c['Parent'] ? `(parent ${c['Parent']})` : ''),
      user: orNull(c['User']),
      path: orNull(c['Image']),
      records: records(c['Details.RecordID'] ?? '', c['Details.Computer']),
    })),
    ...imagesWhenCapped(insights),
    ...t('Process Analysis: PowerShell', [{ column: 'Time', kind: 'executed' }], (c) => ({
      description: joinCells(`PowerShell ${c['Event ID']}`, c['Path'], c['Host Application'], c['Excerpt']?.slice(0, 200)),
      path: orNull(c['Path']),
      records: records(c['Record ID'] ?? ''),
    })),
    ...t('Process Analysis: Image Loads & Access', [{ column: 'Time', kind: 'event' }], (c) => ({
      description: joinCells(`Sysmon ${c['Event ID']}`, c['Source Image'], '→', c['Target'], c['Access / Start']),
      path: orNull(c['Source Image']),
      records: records(c['Record ID'] ?? ''),
    })),
    ...t(
      'Authentication',
      firstLast((c) => (c['Result'] === 'Failure' ? 'logon failed' : 'logged on')),
      (c) => ({
        description: joinCells(
          `${c['Result']} logon`,
          `${c['Target Domain'] ? `${c['Target Domain']}\\` : ''}${c['Target User']}`,
          `type ${c['Logon Type']}`,
          c['Source IP'] && c['Source IP'] !== '-' ? `from ${c['Source IP']}` : '',
          c['Source Workstation'] && c['Source Workstation'] !== '-' ? `(${c['Source Workstation']})` : '',
          `×${c['Count']}`,
          c['Computer'] ? `on ${c['Computer']}` : '',
        ),
        user: orNull(c['Target User']),
        records: records(firstId(c['Record IDs']), c['Computer']),
      }),
    ),
    ...t(
      'Authentication: Privileges & Explicit Credentials',
      firstLast((c) => (c['Event ID'] === '4648' ? 'logged on' : 'event')),
      (c) => ({
        description: joinCells(
          c['Event ID'] === '4648' ? 'Explicit credentials' : `Event ${c['Event ID']}`,
          c['Subject'],
          c['Target'] ? `→ ${c['Target']}` : '',
          c['Target Server'] ? `@ ${c['Target Server']}` : '',
          c['Privileges'],
          `×${c['Count']}`,
        ),
        user: orNull(c['Subject']),
        path: orNull(c['Process']),
        records: records(firstId(c['Record IDs'])),
      }),
    ),
    ...t(
      'Authentication: Kerberos & NTLM',
      firstLast((c) => (c['Status'] && c['Status'] !== '0x0' ? 'logon failed' : 'event')),
      (c) => ({
        description: joinCells(
          `Event ${c['Event ID']}`,
          c['Account'],
          c['Service'],
          c['Client Address'],
          c['Ticket Encryption'],
          c['Status'],
          `×${c['Count']}`,
        ),
        user: orNull(c['Account']),
        records: records(firstId(c['Record IDs'])),
      }),
    ),
    ...t(
      'Persistence',
      [
        { column: 'First Seen', kind: (c) => (/installed|created/i.test(c['Mechanism'] ?? '') ? 'installed' : 'first seen'), label: 'first' },
        { column: 'Last Seen', kind: 'last seen', label: 'last' },
      ],
      (c) => ({
        description: joinCells(
          c['Mechanism'],
          c['Name'],
          c['Command / Target'] ? `: ${c['Command / Target']}` : '',
          c['Computer'] ? `on ${c['Computer']}` : '',
        ),
        user: orNull(c['Account']),
        records: records(c['First Record ID'] ?? firstId(c['Record IDs']), c['Computer']),
      }),
    ),
    ...t(
      'Overview: Sigma Matches',
      [
        { column: 'First Seen', kind: 'first seen', label: 'first' },
        { column: 'Last Seen', kind: 'last seen', label: 'last' },
      ],
      (c) => ({
        description: joinCells(`Sigma: ${c['Rule']}`, `(${c['Level']})`, `×${c['Matches']}`, c['Computers'] ? `on ${c['Computers']}` : ''),
        sigmaRule: orNull(c['Rule']),
        records: c['Rule'] ? { type: 'winevtx', filters: [{ field: 'sigma_matches', value: c['Rule'] }] } : null,
      }),
    ),
    ...t(
      'Network Analysis: RDP',
      firstLast((c) => RDP_KIND[c['Event ID'] ?? ''] ?? 'event'),
      (c) => ({
        description: joinCells(
          `RDP ${c['Event ID']}`,
          c['Domain'] ? `${c['Domain']}\\${c['User']}` : c['User'],
          c['Address'] ? `from ${c['Address']}` : '',
          `×${c['Count']}`,
          c['Computers'] ? `on ${c['Computers']}` : '',
        ),
        user: orNull(c['User']),
        records: records(firstId(c['Record IDs']), c['Computers']),
      }),
    ),
    ...t('Network Analysis: Remote Hosts', firstLast('connected'), (c) => ({
      description: joinCells(
        `Remote host ${c['IP']}`,
        c['Hostnames'] ? `(${c['Hostnames']})` : '',
        c['Activities'],
        c['Accounts'] ? `accounts ${c['Accounts']}` : '',
      ),
      records: records(firstId(c['Record IDs'])),
    })),
    ...t('Network Analysis', firstLast('connected'), (c) => ({
      description: joinCells(
        c['Process'],
        c['Protocol'],
        c['Direction'],
        `${c['Source IP']}:${c['Source Port']} → ${c['Destination IP']}:${c['Destination Port']}`,
        c['Destination Host'],
        `×${c['Count']}`,
      ),
      path: orNull(c['Process']),
      records: records(firstId(c['Record IDs']), c['Computer']),
    })),
    ...t('Network Analysis: Share Access', firstLast('accessed'), (c) => ({
      description: joinCells(`Share ${c['Share']}`, c['Relative Target'], c['Source IP'] ? `from ${c['Source IP']}` : '', c['Account'], `×${c['Count']}`),
      user: orNull(c['Account']),
      records: records(firstId(c['Record IDs'])),
    })),
    ...t('Network Analysis: DNS', firstLast('event'), (c) => ({
      description: joinCells(`DNS ${c['Query Name']}`, c['Query Results'] ? `→ ${c['Query Results']}` : '', c['Image'] ? `by ${c['Image']}` : ''),
      path: orNull(c['Image']),
      records: records(firstId(c['Record IDs'])),
    })),
  ];
}
