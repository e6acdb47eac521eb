import type { Importance } from '../types.js';
import type { HostState } from './host-state.js';
import { cellTime, rowLink, tableRows, type TableRow } from './facts/table-rows.js';
import { importanceOf, reasonList, type ExecSighting, type ExecSource } from './execution-sighting.js';
import { normalisePath } from './normalise-path.js';

const PROCESSES = 'Process Analysis';
const COMMAND_LINES = 'Process Analysis: Command Lines';
const SIGMA = 'Overview: Sigma Matches';

const list = (cell: string | undefined): string[] => (cell ?? '').split(', ').filter((s) => s !== '');

interface SigmaRow {
  title: string;
  level: Importance;
  records: Set<string>;
  computers: Set<string>;
}

/** The Sigma rules a process row's events matched: record ids are per log, so the computers must meet too. */
function sigmaOf(row: TableRow, rules: readonly SigmaRow[]): { title: string; level: Importance }[] {
  const records = list(row.cells['Record IDs']);
  const computers = list(row.cells.Computers);
  return rules
    .filter((s) => records.some((id) => s.records.has(id)) && (s.computers.size === 0 || computers.some((c) => s.computers.has(c))))
    .map((s) => ({ title: s.title, level: s.level }));
}

/**
 * Process creation (Security 4688, Sysmon 1) from the EVTX Process Analysis: executions, first and
 * last, users, parents; command lines from its Command Lines table (which keeps the 1,000 most
 * important); Sigma matches joined by record id and computer.
 */
export function processSightings(state: HostState): ExecSighting[] {
  const rules: SigmaRow[] = tableRows(state.insight('winevtx', SIGMA)).map((r) => ({
    title: r.cells.Rule ?? '',
    level: importanceOf(r.cells.Level),
    records: new Set(list(r.cells['Record IDs'])),
    computers: new Set(list(r.cells.Computers)),
  }));
  const lines = new Map<string, { commands: Set<string>; events: Set<string> }>();
  for (const r of tableRows(state.insight('winevtx', COMMAND_LINES))) {
    const key = normalisePath(r.cells.Image ?? '');
    const entry = lines.get(key) ?? { commands: new Set<string>(), events: new Set<string>() };
    const command = r.cells['Details.CommandLine'];
    if (command) entry.commands.add(command);
    const id = r.cells['Details.EventID'];
    if (id) entry.events.add(id);
    lines.set(key, entry);
  }
  return tableRows(state.insight('winevtx', PROCESSES))
    .filter((r) => (r.cells.Image ?? '') !== '')
    .map((r) => {
      const key = normalisePath(r.cells.Image!);
      const seen = lines.get(key);
      const events = [...(seen?.events ?? [])];
      const names = events.map((id): ExecSource => (id === '4688' ? '4688' : 'sysmon 1')).sort();
      const source: ExecSource = names.length === 1 ? names[0]! : 'process events';
      const sigma = sigmaOf(r, rules);
      return {
        source,
        ...(names.length > 1 ? { label: [...new Set(names)].join(', ') } : {}),
        path: r.cells.Image!,
        key,
        user: '',
        users: list(r.cells.Users),
        runCount: null,
        first: cellTime(r.cells['First Seen']),
        last: cellTime(r.cells['Last Seen']),
        processEvents: Number(r.cells.Executions) || 0,
        commandLines: [...(seen?.commands ?? [])],
        parents: list(r.cells.Parents),
        sigma,
        importance: importanceOf(r.cells.Importance),
        reasons: reasonList(r.cells.Reasons),
        evidence: rowLink('winevtx', PROCESSES, r.row),
      };
    });
}
