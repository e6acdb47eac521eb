/** What a match reports: the rule's attribution (the Detection Rule License requires the author) and the record. */
import type { Json } from './event.js';
import type { CorrelationType, Level, RuleMeta, Status } from './rule-schema.js';

export interface RuleInfo {
  id: string | undefined;
  name: string | undefined;
  title: string;
  level: Level | undefined;
  status: Status | undefined;
  tags: string[];
  author: string | undefined;
  description: string | undefined;
  references: string[];
  file: string | undefined;
}

export interface CorrelationDetail {
  type: CorrelationType;
  /** Values of the group-by fields shared by the correlated events. */
  group: Record<string, Json>;
  /** The aggregate compared by the condition (count, distinct count, sum, average, share in %). */
  value: number;
  events: number;
  firstTimestamp: string;
  lastTimestamp: string;
  /** Record ids of the correlated events (first 100). */
  recordIds: (string | number)[];
}

export interface RuleMatch {
  rule: RuleInfo;
  recordId: string | number | undefined;
  timestamp: string | undefined;
  /** Record fields of the detection items that held, with their values. */
  fields: Record<string, Json>;
  /** Present on correlation matches. */
  correlation?: CorrelationDetail;
  /** Values correlations read from this record (group-by and condition fields), keyed by field name. */
  correlationValues?: Record<string, Json>;
}

export function ruleInfo(meta: RuleMeta): RuleInfo {
  return {
    id: meta.id,
    name: meta.name,
    title: meta.title,
    level: meta.level,
    status: meta.status,
    tags: meta.tags,
    author: meta.author,
    description: meta.description,
    references: meta.references,
    file: meta.file,
  };
}
