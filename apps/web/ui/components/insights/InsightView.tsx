import type { Insight } from '@quarry/insights';
import { ChartInsight } from './Chart';
import { ErrorInsight } from './Error';
import { GraphInsight } from './Graph';
import { IndexTableInsight } from './IndexTable';
import { InsightCard } from './InsightCard';
import { MetadataInsight } from './Metadata';
import { TableInsight } from './Table';
import { TimelineInsight } from './Timeline';

/** Title of any insight (Error insights have none: they are titled by what they are). */
export function insightTitle(insight: Insight): string {
  if ('Error' in insight) return 'Error';
  return Object.values(insight)[0]!.title;
}

/** One insight, drawn by its type. An unknown type (a newer server) is shown as JSON, not dropped. */
export function InsightView({ insight }: { insight: Insight }) {
  if ('Timeline' in insight) {
    const p = insight.Timeline;
    return <InsightCard title={p.title} type="Timeline" category={p.category}><TimelineInsight insight={p} /></InsightCard>;
  }
  if ('Table' in insight) {
    const p = insight.Table;
    return <InsightCard title={p.title} type="Table" category={p.category}><TableInsight insight={p} /></InsightCard>;
  }
  if ('IndexTable' in insight) {
    const p = insight.IndexTable;
    return <InsightCard title={p.title} type="IndexTable" category={p.category}><IndexTableInsight insight={p} /></InsightCard>;
  }
  if ('Chart' in insight) {
    const p = insight.Chart;
    return <InsightCard title={p.title} type={`Chart (${p.display_mode})`} category={p.category}><ChartInsight insight={p} /></InsightCard>;
  }
  if ('Graph' in insight) {
    const p = insight.Graph;
    return <InsightCard title={p.title} type="Graph" category={p.category}><GraphInsight insight={p} /></InsightCard>;
  }
  if ('Metadata' in insight) {
    const p = insight.Metadata;
    return <InsightCard title={p.title} type="Metadata" category={p.category}><MetadataInsight insight={p} /></InsightCard>;
  }
  if ('Error' in insight) return <ErrorInsight insight={insight.Error} />;
  return <pre>{JSON.stringify(insight, null, 2)}</pre>;
}
