import { formatTime } from '../common/time-format.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { tableInsight, type Row } from '../registry/table.js';
import type { Insight } from '../types.js';
import { hostAnalyzer } from './host-analyzer.js';
import { cellTime, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';
import { inventoryOrder, memberOutcomes, memberStatus, typeTotals } from './host-summary-inventory.js';
import { INTERFACE_COLUMNS, USER_COLUMNS, interfaceRows, userRows } from './host-summary-people.js';
import { settingCell, systemValues } from './host-summary-system.js';
import { titleOf } from './host-state.js';

export const HOST_SUMMARY = 'Host Summary';

/** Earliest and latest time seen, each with what gave it. */
class TimeRange {
  first: { ms: number; source: string } | null = null;
  last: { ms: number; source: string } | null = null;

  see(ms: number | null, source: string): void {
    if (ms === null) return;
    if (!this.first || ms < this.first.ms) this.first = { ms, source };
    if (!this.last || ms > this.last.ms) this.last = { ms, source };
  }
}

const cell = (t: { ms: number; source: string } | null): string => (t ? `${formatTime(t.ms)} (${t.source})` : '');

/** The per-type times that bound the collection: the event logs' first and last event, prefetch's recorded runs. */
function seePerType(state: HostState, range: TimeRange): void {
  const overview = state.insight('winevtx', 'Overview');
  if (overview && 'Metadata' in overview) {
    range.see(cellTime(overview.Metadata.data.first_event), 'EVTX Overview');
    range.see(cellTime(overview.Metadata.data.last_event), 'EVTX Overview');
  }
  for (const r of tableRows(state.insight('prefetch', 'Executable Statistics'))) {
    range.see(cellTime(r.cells['First Recorded Run']), 'Prefetch runs');
    range.see(cellTime(r.cells['Last Run']), 'Prefetch runs');
  }
}

function build(state: HostState, facts: TimeRange): Insight[] {
  const range = new TimeRange();
  if (facts.first) range.see(facts.first.ms, facts.first.source);
  if (facts.last) range.see(facts.last.ms, facts.last.source);
  seePerType(state, range);
  const values = systemValues(state);
  const members = memberOutcomes(state);
  const users = userRows(state);
  const interfaces = interfaceRows(state);
  const computers = tableRows(state.insight('winevtx', 'Overview: Computers')).map((r) => r.cells.Computer ?? '');
  const totals = typeTotals(members);
  const metadata: Record<string, string> = {
    host_name: settingCell(values, 'Computer Name') || settingCell(values, 'Host Name'),
    domain: settingCell(values, 'Domain'),
    os: settingCell(values, 'OS'),
    os_build: settingCell(values, 'OS Build'),
    os_install_date: settingCell(values, 'OS Install Date'),
    time_zone: settingCell(values, 'Time Zone'),
    last_shutdown: settingCell(values, 'Last Shutdown'),
    evtx_computers: computers.join(', '),
    users: String(users.length),
    network_interfaces: String(interfaces.length),
    first_time: cell(range.first),
    last_time: cell(range.last),
    members: String(members.length),
    evidence_types: totals.map((t) => `${t.type} ${t.members}`).join(', '),
    members_not_read_whole: String(members.filter((m) => memberStatus(m) !== 'read').length),
    result_types: String([...state.results.values()].reduce((n, r) => n + r.insights.filter((i) => titleOf(i) !== null).length, 0)),
  };
  const system: Row[] = values.map((v) => ({ cells: { Setting: v.setting, Value: v.value, Source: v.source, Evidence: v.evidence } }));
  const collection: Row[] = [...members].sort(inventoryOrder).map((m) => ({
    cells: {
      Member: m.member.name,
      Type: m.member.type ?? '',
      User: m.member.user ?? '',
      Size: m.member.size === null ? '' : String(m.member.size),
      Records: String(m.records),
      Warnings: String(m.warnings),
      Status: memberStatus(m),
      Problem: m.problem ?? '',
    },
  }));
  const types: Row[] = totals.map((t) => ({
    cells: { Type: t.type, Members: String(t.members), Bytes: String(t.bytes), Records: String(t.records), Unusable: String(t.unusable) },
  }));
  return [
    { Metadata: { title: HOST_SUMMARY, data: metadata, category: 'General' } },
    tableInsight(`${HOST_SUMMARY}: System`, 'General', ['Setting', 'Value', 'Source', 'Evidence'], system),
    tableInsight(`${HOST_SUMMARY}: Users`, 'Authentication', USER_COLUMNS, users),
    tableInsight(`${HOST_SUMMARY}: Network Interfaces`, 'Network', INTERFACE_COLUMNS, interfaces),
    tableInsight(`${HOST_SUMMARY}: Evidence Types`, 'General', ['Type', 'Members', 'Bytes', 'Records', 'Unusable'], types),
    tableInsight(`${HOST_SUMMARY}: Collection`, 'General', ['Member', 'Type', 'User', 'Size', 'Records', 'Warnings', 'Status', 'Problem'], collection),
  ];
}

/** Host Summary (Metadata + tables): who the host is, who used it, its addresses, the time span and what the collection held. */
export const hostSummary: AnalyzerFactory<'triage', HostState> = (_ctx, state) => {
  const facts = new TimeRange();
  return hostAnalyzer(state, { name: HOST_SUMMARY, fact: (f) => facts.see(f.time, 'Host Timeline'), build: (s) => build(s, facts) });
};
