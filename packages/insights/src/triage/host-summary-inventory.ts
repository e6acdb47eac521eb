import { ARTIFACT_TYPES } from '@quarry/vocabulary';
import type { HostState } from './host-state.js';
import type { MemberOutcome } from './model.js';

/** Every member of the collection once: the inputs' reports list unknown members too; the member types' results add loose inputs. */
export function memberOutcomes(state: HostState): MemberOutcome[] {
  const byName = new Map<string, MemberOutcome>();
  for (const report of state.reports) for (const m of report.members ?? []) byName.set(m.member.name, m);
  for (const results of state.results.values()) for (const m of results.members) if (!byName.has(m.member.name)) byName.set(m.member.name, m);
  return [...byName.values()];
}

export type MemberStatus = 'read' | 'partly read' | 'unusable' | 'unknown type';

export function memberStatus(m: MemberOutcome): MemberStatus {
  if (m.member.type === null) return 'unknown type';
  if (m.problem === null) return 'read';
  return m.records > 0 ? 'partly read' : 'unusable';
}

const STATUS_ORDER: readonly MemberStatus[] = ['unusable', 'partly read', 'unknown type', 'read'];

/** Members with a problem first (what the analyst must know is missing), then by name. */
export function inventoryOrder(a: MemberOutcome, b: MemberOutcome): number {
  const s = STATUS_ORDER.indexOf(memberStatus(a)) - STATUS_ORDER.indexOf(memberStatus(b));
  return s !== 0 ? s : a.member.name < b.member.name ? -1 : a.member.name > b.member.name ? 1 : 0;
}

export interface TypeTotals {
  type: string;
  members: number;
  bytes: number;
  records: number;
  unusable: number;
}

/** What the collection held per evidence type (unknown members as `unknown`), in the catalogue's order. */
export function typeTotals(members: readonly MemberOutcome[]): TypeTotals[] {
  const order = [...ARTIFACT_TYPES, 'unknown'];
  const totals = new Map<string, TypeTotals>();
  for (const m of members) {
    const type = m.member.type ?? 'unknown';
    const t = totals.get(type) ?? { type, members: 0, bytes: 0, records: 0, unusable: 0 };
    t.members += 1;
    t.bytes += m.member.size ?? 0;
    t.records += m.records;
    if (memberStatus(m) === 'unusable' || memberStatus(m) === 'unknown type') t.unusable += 1;
    totals.set(type, t);
  }
  return [...totals.values()].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}
