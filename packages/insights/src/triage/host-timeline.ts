import { evidenceTypes } from '@quarry/vocabulary';
import { formatTime } from '../common/time-format.js';
import { importanceRank } from '../common/importance.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import type { Insight, TimelineEntry } from '../types.js';
import { rowLink, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';
import type { TriageRecord } from './model.js';

/** Entries the insight keeps; the whole timeline is the job's searchable `triage` records. */
export const HOST_TIMELINE_LIMIT = 10_000;

const TITLE = 'Host Timeline';

/** A fact with its place among the job's facts (1-based, the order they are pushed and stored in). */
interface Numbered {
  fact: TriageRecord;
  id: number;
}

/** Most important first, then latest: what the insight keeps when there are too many. */
const keepOrder = (a: Numbered, b: Numbered): number =>
  importanceRank(b.fact.importance) - importanceRank(a.fact.importance) || b.fact.time - a.fact.time || a.id - b.id;

function entryOf({ fact: f, id }: Numbered): TimelineEntry {
  const from = f.artifact ? ` [${f.artifact}]` : '';
  return {
    timestamp_start: f.time,
    timestamp_end: null,
    record_id: id,
    short_name: `${evidenceTypes[f.source].label} ${f.timeKind}`,
    description: `${f.description} (${rowLink(f.source, f.resultType, f.row)})${from}`,
    category: evidenceTypes[f.source].label,
    importance: f.importance,
  };
}

/** The host's time zone as the registry's System Configuration states it, for reading UTC times locally. */
function hostTimeZone(state: HostState): string {
  const row = tableRows(state.insight('registry', 'System Configuration')).find((r) => r.cells['Setting'] === 'Time Zone');
  return row?.cells['Value'] ?? '';
}

/**
 * "Host Timeline": every Host Timeline fact of the job in time order, as Timeline entries whose
 * record_id is the fact's 1-based place among the job's triage records (push order). Over
 * HOST_TIMELINE_LIMIT facts it keeps the most important, then latest (memory stays bounded: it
 * prunes whenever it holds twice the limit); "Host Timeline: Coverage" says how many there were.
 */
export const hostTimelineAnalyzer: AnalyzerFactory<'triage', HostState> = (_ctx, state) => {
  let kept: Numbered[] = [];
  let total = 0;
  let first: number | null = null;
  let last: number | null = null;
  const bySource = new Map<string, number>();
  const prune = () => {
    kept = kept.sort(keepOrder).slice(0, HOST_TIMELINE_LIMIT);
  };
  return {
    nestedDone: (results) => state.addResults(results),
    inputDone: (report) => state.addReport(report),
    push(fact) {
      total++;
      kept.push({ fact, id: total });
      if (kept.length >= 2 * HOST_TIMELINE_LIMIT) prune();
      first = first === null ? fact.time : Math.min(first, fact.time);
      last = last === null ? fact.time : Math.max(last, fact.time);
      const label = evidenceTypes[fact.source].label;
      bySource.set(label, (bySource.get(label) ?? 0) + 1);
    },
    finish() {
      prune();
      const data = kept.sort((a, b) => a.fact.time - b.fact.time || a.id - b.id).map(entryOf);
      const coverage: Record<string, string> = {
        facts: String(total),
        shown: String(data.length),
        limit: `${HOST_TIMELINE_LIMIT} most important, then latest; every fact is in the job's triage records`,
        first_fact: formatTime(first),
        last_fact: formatTime(last),
        host_time_zone: hostTimeZone(state),
        ...Object.fromEntries([...bySource].map(([label, n]) => [`facts_${label}`, String(n)])),
      };
      const insights: Insight[] = [
        { Timeline: { title: TITLE, data, category: 'General' } },
        { Metadata: { title: `${TITLE}: Coverage`, data: coverage, category: 'General' } },
      ];
      return state.publish(TITLE, insights);
    },
  };
};
