import type { Insight, TimelineEntry } from '@quarry/insights';
import { builder } from './builder.js';
import { ChartDisplayModeEnum, ImportanceEnum, InsightCategoryEnum } from './enums.js';

/**
 * Insights as the REST contract stores them (one key naming the type, shared/INSIGHTS.md) become
 * an `Insight` interface with one concrete type per key, so clients select typed fields instead
 * of parsing JSON. Every cell of a table is a string (INSIGHTS.md §1), hence [[String!]!]!.
 */
type Of<K extends string> = Extract<Insight, Record<K, unknown>>;

const KINDS = ['Timeline', 'Table', 'IndexTable', 'Chart', 'Graph', 'Metadata', 'Error'] as const;
type Kind = (typeof KINDS)[number];
// Adding an insight type to @quarry/insights without a GraphQL type here fails to compile.
type OfAny<K> = K extends string ? Of<K> : never;
const everyKind: Exclude<Insight, OfAny<Kind>> extends never ? true : never = true;
void everyKind;

const kindOf = (insight: Insight): Kind => {
  const kind = KINDS.find((k) => k in insight);
  if (!kind) throw new Error('an insight of no known type');
  return kind;
};

export const InsightRef = builder.interfaceRef<Insight>('Insight').implement({
  description: 'One result of a job: a table, timeline, chart, graph, metadata or index table, or an error.',
  resolveType: (insight) => `${kindOf(insight)}Insight`,
  fields: (t) => ({
    title: t.string({
      description: 'The result type ("Process Inference Graph") or "<Result Type>: <Subtitle>"; "Error" for an ErrorInsight.',
      resolve: (i) => ('Error' in i ? 'Error' : Object.values(i)[0]!.title),
    }),
  }),
});

export interface KeyValue {
  key: string;
  value: string;
}
export const KeyValueRef = builder.objectRef<KeyValue>('KeyValue').implement({
  description: 'One named string value (metadata, or a detail of a record).',
  fields: (t) => ({ key: t.exposeString('key'), value: t.exposeString('value') }),
});
export const keyValues = (data: Record<string, string>): KeyValue[] => Object.entries(data).map(([key, value]) => ({ key, value }));

const TimelineEntryRef = builder.objectRef<TimelineEntry>('TimelineEntry').implement({
  description: 'One kind of event (event type and group key): when it was first and last seen.',
  fields: (t) => ({
    start: t.field({ type: 'DateTime', description: 'First occurrence.', resolve: (e) => new Date(e.timestamp_start) }),
    end: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Last occurrence; null when it occurred once.',
      resolve: (e) => (e.timestamp_end === null ? null : new Date(e.timestamp_end)),
    }),
    recordId: t.field({
      type: 'SafeInt',
      description: 'EventRecordID of the first occurrence (prefetch: 1-based position of the file in the job).',
      resolve: (e) => e.record_id,
    }),
    shortName: t.exposeString('short_name'),
    description: t.exposeString('description'),
    category: t.exposeString('category', { description: 'The event group (free text, e.g. "Logon").' }),
    importance: t.expose('importance', { type: ImportanceEnum }),
  }),
});

builder.objectRef<Of<'Timeline'>>('TimelineInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Timeline' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.Timeline.category }),
    entries: t.field({ type: [TimelineEntryRef], resolve: (i) => i.Timeline.data }),
  }),
});

builder.objectRef<Of<'Table'>>('TableInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Table' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.Table.category as Of<'Metadata'>['Metadata']['category'] }),
    columns: t.stringList({ description: 'The header row.', resolve: (i) => i.Table.data[0] ?? [] }),
    rows: t.field({
      type: t.listRef(t.listRef('String')),
      description: 'The rows after the header, one string per column.',
      resolve: (i) => i.Table.data.slice(1),
    }),
  }),
});

const IndexTableRowRef = builder.objectRef<[string[], Record<string, string>]>('IndexTableRow').implement({
  description: 'A row: one cell per column but the last, and the details the last column holds.',
  fields: (t) => ({
    cells: t.stringList({ resolve: (r) => r[0] }),
    details: t.field({ type: [KeyValueRef], resolve: (r) => keyValues(r[1]) }),
  }),
});

builder.objectRef<Of<'IndexTable'>>('IndexTableInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'IndexTable' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.IndexTable.category }),
    columns: t.stringList({ resolve: (i) => i.IndexTable.columns }),
    rows: t.field({ type: [IndexTableRowRef], resolve: (i) => i.IndexTable.data }),
  }),
});

const ChartPointRef = builder.objectRef<[string, number]>('ChartPoint').implement({
  fields: (t) => ({ label: t.string({ resolve: (p) => p[0] }), value: t.float({ resolve: (p) => p[1] }) }),
});

builder.objectRef<Of<'Chart'>>('ChartInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Chart' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.Chart.category }),
    displayMode: t.field({ type: ChartDisplayModeEnum, resolve: (i) => i.Chart.display_mode as 'bar' | 'pie' }),
    points: t.field({ type: [ChartPointRef], resolve: (i) => i.Chart.data }),
  }),
});

interface GraphSummary {
  id: string;
  members: string[];
}
const GraphSummaryRef = builder.objectRef<GraphSummary>('GraphSummaryNode').implement({
  description: 'A node that stands for several processes folded together.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The node id in the DOT text (summary_<k>).' }),
    members: t.exposeStringList('members', { description: 'One "<pid> | <time> | <command line>" per process folded in.' }),
  }),
});

/** graph_metadata holds `_stats_original_nodes`, `_stats_optimized_nodes` (one decimal string each) and summary_<k> lists. */
const statOf = (i: Of<'Graph'>, key: string): number => {
  const value = Number(i.Graph.graph_metadata[key]?.[0]);
  if (!Number.isSafeInteger(value)) throw new Error(`graph metadata ${key} is not a count`);
  return value;
};

builder.objectRef<Of<'Graph'>>('GraphInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Graph' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.Graph.category }),
    dot: t.string({ description: 'The graph in Graphviz DOT.', resolve: (i) => i.Graph.data }),
    nodeCount: t.int({
      description: 'Nodes in the DOT text (after summary nodes folded processes together).',
      resolve: (i) => statOf(i, '_stats_optimized_nodes'),
    }),
    originalNodeCount: t.int({ description: 'Nodes before folding.', resolve: (i) => statOf(i, '_stats_original_nodes') }),
    summaries: t.field({
      type: [GraphSummaryRef],
      resolve: (i) =>
        Object.entries(i.Graph.graph_metadata)
          .filter(([id]) => id.startsWith('summary_'))
          .map(([id, members]) => ({ id, members })),
    }),
  }),
});

builder.objectRef<Of<'Metadata'>>('MetadataInsight').implement({
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Metadata' in i,
  fields: (t) => ({
    category: t.field({ type: InsightCategoryEnum, resolve: (i) => i.Metadata.category }),
    entries: t.field({ type: [KeyValueRef], resolve: (i) => keyValues(i.Metadata.data) }),
  }),
});

builder.objectRef<Of<'Error'>>('ErrorInsight').implement({
  description: 'A job or file that could not be analysed, and why.',
  interfaces: [InsightRef],
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'Error' in i,
  fields: (t) => ({ message: t.string({ resolve: (i) => i.Error.message }) }),
});
