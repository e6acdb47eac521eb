import type { Insight } from '@quarry/insights';
import { DetailList } from '../DetailList';

type MetadataPayload = Extract<Insight, { Metadata: unknown }>['Metadata'];

export function MetadataInsight({ insight }: { insight: MetadataPayload }) {
  return <DetailList entries={Object.entries(insight.data)} label={insight.title} />;
}
