import type { Insight } from '@quarry/insights';
import { slug } from '../../lib/result-types';
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

/**
 * One insight, drawn by its type, as the section `id` of the page (the job page makes ids unique;
 * the search page's summary uses the title's). An unknown type (a newer server) is shown as JSON, not dropped.
 * `exportJobId`: the insight is one of that job's stored insights, so its tables can be exported.
 */
export function InsightView({
  insight,
  id = `insight-${slug(insightTitle(insight))}`,
  exportJobId,
}: {
  insight: Insight;
  id?: string;
  exportJobId?: string | undefined;
}) {
  if ('Timeline' in insight) {
    const p = insight.Timeline;
    return (
      <InsightCard id={id} title={p.title} type="Timeline" category={p.category} exportJobId={exportJobId}>
        <TimelineInsight insight={p} section={id} />
      </InsightCard>
    );
  }
  if ('Table' in insight) {
    const p = insight.Table;
    return (
      <InsightCard id={id} title={p.title} type="Table" category={p.category} exportJobId={exportJobId}>
        <TableInsight insight={p} section={id} />
      </InsightCard>
    );
  }
  if ('IndexTable' in insight) {
    const p = insight.IndexTable;
    return (
      <InsightCard id={id} title={p.title} type="IndexTable" category={p.category} exportJobId={exportJobId}>
        <IndexTableInsight insight={p} section={id} />
      </InsightCard>
    );
  }
  if ('Chart' in insight) {
    const p = insight.Chart;
    return (
      <InsightCard id={id} title={p.title} type={`Chart (${p.display_mode})`} category={p.category} exportJobId={exportJobId}>
        <ChartInsight insight={p} />
      </InsightCard>
    );
  }
  if ('Graph' in insight) {
    const p = insight.Graph;
    return (
      <InsightCard id={id} title={p.title} type="Graph" category={p.category}>
        <GraphInsight insight={p} />
      </InsightCard>
    );
  }
  if ('Metadata' in insight) {
    const p = insight.Metadata;
    return (
      <InsightCard id={id} title={p.title} type="Metadata" category={p.category} exportJobId={exportJobId}>
        <MetadataInsight insight={p} />
      </InsightCard>
    );
  }
  if ('Error' in insight)
    return (
      <section id={id}>
        <ErrorInsight insight={insight.Error} />
      </section>
    );
  return <pre id={id}>{JSON.stringify(insight, null, 2)}</pre>;
}
