import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Importance, Insight } from '../types.js';
import { viewOf } from './event-view.js';
import type { EvtxJob } from './job-state.js';
import { listCell } from './occurrences.js';
import type { RuleHits } from './sigma-run.js';
import type { TimelineBuilder } from './timeline-builder.js';

const LEVEL_ORDER = ['critical', 'high', 'medium', 'low', 'informational'];
const levelRank = (l: string | undefined) => {
  const i = LEVEL_ORDER.indexOf(l ?? '');
  return i < 0 ? LEVEL_ORDER.length : i;
};

export const SIGMA_LEVEL_IMPORTANCE: Record<string, Importance> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  informational: 'Informational',
};

/**
 * Sigma in the job: with `run_sigma_rules` the community rules run over every record in the same
 * pass as the analyzers. Emits "Overview: Sigma Matches" (table) and "…by Level" (chart) right
 * after the Overview; high/critical rules also go to the Key Event Timeline. Nothing when off.
 */
export function sigmaMatches(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  const run = job.sigma;
  job.timelineContributors.push((timeline) => {
    if (!run) return;
    run.finish();
    for (const h of run.hits.values()) addToTimeline(timeline, h);
  });
  return {
    push(record) {
      // Noted for the record sink: the job's store makes the matches searchable (sigma_matches).
      if (run) ctx.notes.sigmaMatches = run.push(record, viewOf(record));
    },
    finish(): Insight[] {
      if (!run) return [];
      run.finish();
      const hits = [...run.hits.values()].sort(
        (a, b) => levelRank(a.rule.level) - levelRank(b.rule.level) || b.occ.count - a.occ.count || a.rule.title.localeCompare(b.rule.title),
      );
      const header = ['Rule', 'Level', 'Status', 'Matches', 'Computers', 'First Seen', 'Last Seen', 'Record IDs', 'Tags', 'Rule ID'];
      const rows = hits.map((h) => [
        h.rule.title,
        h.rule.level ?? '',
        h.rule.status ?? '',
        String(h.occ.count),
        listCell(h.occ.computers),
        h.occ.firstText,
        h.occ.lastText,
        h.occ.recordIdsText,
        h.rule.tags.join(', '),
        h.rule.id ?? '',
      ]);
      const byLevel = new Map<string, number>();
      for (const h of hits) byLevel.set(h.rule.level ?? 'none', (byLevel.get(h.rule.level ?? 'none') ?? 0) + h.occ.count);
      const chart = [...byLevel.entries()].sort((a, b) => levelRank(a[0]) - levelRank(b[0])) as [string, number][];
      return [
        { Table: { title: 'Overview: Sigma Matches', data: [header, ...rows], category: 'Sigma' } },
        { Chart: { title: 'Overview: Sigma Matches by Level', data: chart, category: 'Sigma', display_mode: 'pie' } },
      ];
    },
  };
}

function addToTimeline(timeline: TimelineBuilder, h: RuleHits): void {
  if (h.rule.level !== 'high' && h.rule.level !== 'critical') return;
  timeline.add({
    shortName: `Sigma: ${h.rule.title}`,
    key: h.rule.id ?? h.rule.title,
    category: 'Sigma',
    importance: SIGMA_LEVEL_IMPORTANCE[h.rule.level]!,
    time: h.occ.first,
    last: h.occ.last,
    count: h.occ.count,
    recordId: h.occ.firstRecordId,
    detail: `${h.rule.title} (${h.rule.level}) on ${listCell(h.occ.computers, 5)}; records ${h.occ.recordIdsText}`,
  });
}
