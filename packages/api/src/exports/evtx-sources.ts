import type { EvtxSourceEvent, SigmaMatch, SigmaRuleRef, TimelineRow } from '@quarry/exports';
import type { Insight } from '@quarry/insights';
import type { RecordQuery, RecordStoreReader } from '@quarry/store';
import type { ParseCategory } from '@quarry/vocabulary';

/** The EVTX table that lists each matched Sigma rule once (insights/evtx/sigma-matches.ts). */
const SIGMA_TABLE = 'Overview: Sigma Matches';

/**
 * The Sigma rules a job matched, by title, from its Sigma table: what a record's stored match
 * names (titles, then ids) resolve to. Empty when the job ran without Sigma rules.
 */
export function sigmaRulesOf(insights: readonly Insight[]): Map<string, SigmaRuleRef> {
  const rules = new Map<string, SigmaRuleRef>();
  for (const insight of insights) {
    if (!('Table' in insight) || insight.Table.title !== SIGMA_TABLE) continue;
    const [header = [], ...rows] = insight.Table.data;
    const [title, level, id] = ['Rule', 'Level', 'Rule ID'].map((c) => header.indexOf(c));
    if (title === undefined || level === undefined || id === undefined || title < 0 || level < 0 || id < 0) continue;
    for (const row of rows) {
      const name = row[title];
      if (name !== undefined) rules.set(name, { title: name, level: row[level] ?? '', id: row[id] ?? '' });
    }
  }
  return rules;
}

/** A stored match's names (each rule's title, then its id when it has one) as rules; a name no rule has is an id, skipped. */
const rulesNamed = (names: readonly string[], rules: ReadonlyMap<string, SigmaRuleRef>): SigmaRuleRef[] =>
  names.flatMap((n) => {
    const rule = rules.get(n);
    return rule ? [rule] : [];
  });

type EvtxEvent = EvtxSourceEvent['event'];

/** Every EVTX record the query matches, for ECS, with the rules each matched (`rule.*`). */
export function* evtxEvents(
  reader: RecordStoreReader<ParseCategory>,
  query: RecordQuery,
  rules: ReadonlyMap<string, SigmaRuleRef>,
): Generator<EvtxSourceEvent> {
  const evtx = reader as RecordStoreReader<'winevtx'>;
  // Matches by record, read first (one entry per matched record, not per record): records then pass once.
  const matched = new Map<string, SigmaRuleRef[]>();
  if (rules.size > 0) for (const m of evtx.sigmaMatched(query)) matched.set(`${m.input.position}:${m.record.recordId}`, rulesNamed(m.matches, rules));
  for (const { record, input } of evtx.records(query)) {
    const sigma = matched.get(`${input.position}:${record.recordId}`);
    yield { event: record.event as EvtxEvent, source: input.name, ...(sigma && sigma.length > 0 ? { sigma } : {}) };
  }
}

/** One row per (record, rule) of the records the query matches that matched Sigma rules. */
export function* sigmaMatches(reader: RecordStoreReader<ParseCategory>, query: RecordQuery, rules: ReadonlyMap<string, SigmaRuleRef>): Generator<SigmaMatch> {
  for (const m of (reader as RecordStoreReader<'winevtx'>).sigmaMatched(query)) {
    for (const rule of rulesNamed(m.matches, rules)) yield { event: m.record.event as EvtxEvent, rule };
  }
}

/** Every entry of the given timelines, with its timeline's title. */
export function* timelineRows(insights: readonly Insight[]): Generator<TimelineRow> {
  for (const insight of insights) {
    if (!('Timeline' in insight)) continue;
    for (const entry of insight.Timeline.data) yield { timeline: insight.Timeline.title, entry };
  }
}
