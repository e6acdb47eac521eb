import type { Insight } from '../types.js';

/** The same insight under another title (Error insights have none and stay as they are). */
export function retitle(insight: Insight, title: (old: string) => string): Insight {
  if ('Timeline' in insight) return { Timeline: { ...insight.Timeline, title: title(insight.Timeline.title) } };
  if ('Table' in insight) return { Table: { ...insight.Table, title: title(insight.Table.title) } };
  if ('IndexTable' in insight) return { IndexTable: { ...insight.IndexTable, title: title(insight.IndexTable.title) } };
  if ('Chart' in insight) return { Chart: { ...insight.Chart, title: title(insight.Chart.title) } };
  if ('Graph' in insight) return { Graph: { ...insight.Graph, title: title(insight.Graph.title) } };
  if ('Metadata' in insight) return { Metadata: { ...insight.Metadata, title: title(insight.Metadata.title) } };
  return insight;
}
