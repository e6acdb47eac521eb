import { rowLink, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';

/** One value of a host setting with where it was read; a collection of several hosts gives several per setting. */
export interface SystemValue {
  setting: string;
  value: string;
  /** The hive (registry) or computer (EVTX) it was read from. */
  source: string;
  evidence: string;
}

const CONFIG = 'System Configuration';
const COMPUTERS = 'Overview: Computers';

/** The registry System Configuration settings that describe the host (the others are shown by their own result type). */
const HOST_SETTINGS = [
  'Computer Name',
  'Host Name',
  'Domain',
  'OS',
  'OS Build',
  'OS Install Date',
  'Registered Owner',
  'Time Zone',
  'Last Shutdown',
  'Product Type',
  'Architecture',
] as const;

/**
 * The host's identity as the registry's System Configuration table reads it (never re-decoded),
 * each distinct value with its hive; the event logs' computers (EventLog 6009 OS, 6013 time zone)
 * stand in for a setting no hive gave.
 */
export function systemValues(state: HostState): SystemValue[] {
  const seen = new Set<string>();
  const out: SystemValue[] = [];
  const add = (v: SystemValue): void => {
    const id = `${v.setting}\u0000${v.value}\u0000${v.source}`;
    if (v.value === '' || seen.has(id)) return;
    seen.add(id);
    out.push(v);
  };
  for (const r of tableRows(state.insight('registry', CONFIG)))
    if ((HOST_SETTINGS as readonly string[]).includes(r.cells.Setting ?? ''))
      add({ setting: r.cells.Setting!, value: r.cells.Value ?? '', source: r.cells.Hive ?? '', evidence: rowLink('registry', CONFIG, r.row) });
  const fromRegistry = new Set(out.map((v) => v.setting));
  for (const r of tableRows(state.insight('winevtx', COMPUTERS))) {
    const evidence = rowLink('winevtx', COMPUTERS, r.row);
    const source = `EVTX ${r.cells.Computer ?? ''}`;
    if (!fromRegistry.has('Computer Name')) add({ setting: 'Computer Name', value: r.cells.Computer ?? '', source, evidence });
    if (!fromRegistry.has('OS')) add({ setting: 'OS', value: r.cells.OS ?? '', source, evidence });
    if (!fromRegistry.has('Time Zone')) add({ setting: 'Time Zone', value: r.cells['Time Zone'] ?? '', source, evidence });
  }
  const order: readonly string[] = HOST_SETTINGS;
  return out.sort((a, b) => order.indexOf(a.setting) - order.indexOf(b.setting));
}

/** A setting's values for the Metadata: the value alone when all sources agree, else each with its source. */
export function settingCell(values: readonly SystemValue[], setting: string): string {
  const of = values.filter((v) => v.setting === setting);
  const distinct = [...new Set(of.map((v) => v.value))];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return of.map((v) => `${v.value} (${v.source})`).join('; ');
}
