/** Validates rule documents against the Sigma v2.1 specification and types them. */
import { SigmaError } from './errors.js';
import type { RuleDocument } from './rule-source.js';
import type { Logsource } from './windows-mapping.js';

export const LEVELS = ['informational', 'low', 'medium', 'high', 'critical'] as const;
export const STATUSES = ['stable', 'test', 'experimental', 'deprecated', 'unsupported'] as const;
export const CORRELATION_TYPES = ['event_count', 'value_count', 'temporal', 'temporal_ordered', 'value_sum', 'value_avg', 'value_percentile'] as const;
const RELATED_TYPES = ['derived', 'obsolete', 'merged', 'renamed', 'similar'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TAG = /^[a-z0-9_-]+\.[a-z0-9._-]+$/i;

export type Level = (typeof LEVELS)[number];
export type Status = (typeof STATUSES)[number];
export type CorrelationType = (typeof CORRELATION_TYPES)[number];

export interface RuleMeta {
  title: string;
  id: string | undefined;
  name: string | undefined;
  status: Status | undefined;
  level: Level | undefined;
  description: string | undefined;
  author: string | undefined;
  references: string[];
  tags: string[];
  date: string | undefined;
  modified: string | undefined;
  falsepositives: string[];
  file: string | undefined;
}

export interface DetectionRuleDef {
  kind: 'rule';
  meta: RuleMeta;
  logsource: Logsource;
  detection: Record<string, unknown>;
}

export interface CorrelationCondition {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
  eq?: number;
  field?: string[];
  /** value_percentile: which percentile of the field's values is compared. */
  percentile?: number;
}

export interface CorrelationRuleDef {
  kind: 'correlation';
  meta: RuleMeta;
  type: CorrelationType;
  rules: string[];
  groupBy: string[];
  timespanMs: number;
  condition: CorrelationCondition | undefined;
  aliases: Record<string, Record<string, string>>;
  generate: boolean;
}

export interface FilterRuleDef {
  kind: 'filter';
  meta: RuleMeta;
  logsource: Logsource;
  /** Rule ids or names the filter applies to; 'any' for every rule of its logsource. */
  rules: string[] | 'any';
  detection: Record<string, unknown>;
}

export type RuleDef = DetectionRuleDef | CorrelationRuleDef | FilterRuleDef;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(d: Record<string, unknown>, key: string, required = false, max?: number): string | undefined {
  const v = d[key];
  if (v === undefined || v === null) {
    if (required) throw new SigmaError(`missing required attribute '${key}'`, { path: key });
    return undefined;
  }
  if (typeof v !== 'string') throw new SigmaError(`'${key}' must be a string, got ${Array.isArray(v) ? 'a list' : typeof v}`, { path: key });
  if (required && v.trim() === '') throw new SigmaError(`'${key}' is empty`, { path: key });
  if (max !== undefined && v.length > max) throw new SigmaError(`'${key}' is longer than ${max} characters`, { path: key });
  return v;
}

function strList(d: Record<string, unknown>, key: string, allowScalar: boolean): string[] {
  const v = d[key];
  if (v === undefined || v === null) return [];
  if (allowScalar && typeof v === 'string') return [v];
  if (!Array.isArray(v)) throw new SigmaError(`'${key}' must be a list`, { path: key });
  return v.map((x, i) => {
    if (typeof x === 'string') return x;
    if (typeof x === 'number' || typeof x === 'boolean') return String(x);
    throw new SigmaError(`'${key}' item ${i + 1} must be a string`, { path: `${key}[${i}]` });
  });
}

function oneOf<T extends string>(d: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
  const v = str(d, key);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new SigmaError(`'${key}' is '${v}', expected one of ${allowed.join(', ')}`, { path: key });
  return v as T;
}

function date(d: Record<string, unknown>, key: string): string | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v : v instanceof Date ? v.toISOString().slice(0, 10) : undefined;
  if (s === undefined || !DATE.test(s)) throw new SigmaError(`'${key}' must be a date YYYY-MM-DD, got '${String(v)}'`, { path: key });
  return s;
}

function meta(d: Record<string, unknown>, file: string | undefined): RuleMeta {
  const id = str(d, 'id');
  if (id !== undefined && !UUID.test(id)) throw new SigmaError(`'id' must be a UUID, got '${id}'`, { path: 'id' });
  const tags = strList(d, 'tags', false);
  tags.forEach((t, i) => {
    if (!TAG.test(t)) throw new SigmaError(`tag '${t}' is not 'namespace.name'`, { path: `tags[${i}]` });
  });
  const related = d['related'];
  if (related !== undefined && related !== null) {
    if (!Array.isArray(related)) throw new SigmaError("'related' must be a list", { path: 'related' });
    related.forEach((r, i) => {
      if (!isMap(r) || typeof r['id'] !== 'string' || typeof r['type'] !== 'string')
        throw new SigmaError("'related' entries need an 'id' and a 'type'", { path: `related[${i}]` });
      if (!RELATED_TYPES.includes(r['type']))
        throw new SigmaError(`related type '${r['type']}' is not one of ${RELATED_TYPES.join(', ')}`, { path: `related[${i}].type` });
    });
  }
  return {
    title: str(d, 'title', true, 256)!,
    id,
    name: str(d, 'name'),
    status: oneOf(d, 'status', STATUSES),
    level: oneOf(d, 'level', LEVELS),
    description: str(d, 'description', false, 65535),
    author: str(d, 'author'),
    references: strList(d, 'references', false),
    tags,
    date: date(d, 'date'),
    modified: date(d, 'modified'),
    falsepositives: strList(d, 'falsepositives', true),
    file,
  };
}

function logsource(d: Record<string, unknown>): Logsource {
  const ls = d['logsource'];
  if (!isMap(ls)) throw new SigmaError(ls === undefined ? "missing required attribute 'logsource'" : "'logsource' must be a map", { path: 'logsource' });
  const out: Logsource = {};
  for (const k of ['product', 'category', 'service'] as const) {
    const v = ls[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw new SigmaError(`'logsource.${k}' must be a string`, { path: `logsource.${k}` });
    out[k] = v;
  }
  if (!out.product && !out.category && !out.service)
    throw new SigmaError("'logsource' needs at least one of product, category or service", { path: 'logsource' });
  return out;
}

const TIMESPAN = /^(\d+)([smhdwMy])$/;
const UNIT_MS: Record<string, number> = { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5, M: 2592e6, y: 31536e6 };

export function parseTimespan(v: unknown): number {
  const m = typeof v === 'string' ? TIMESPAN.exec(v) : null;
  if (!m) throw new SigmaError(`timespan '${String(v)}' must be a number followed by s, m, h, d, w, M or y`, { path: 'correlation.timespan' });
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

function correlation(d: Record<string, unknown>, m: RuleMeta): CorrelationRuleDef {
  const c = d['correlation'];
  if (!isMap(c)) throw new SigmaError("'correlation' must be a map", { path: 'correlation' });
  const type = oneOf(c, 'type', CORRELATION_TYPES);
  if (!type) throw new SigmaError("missing required attribute 'correlation.type'", { path: 'correlation.type' });
  const rules = strList(c, 'rules', true);
  if (rules.length === 0) throw new SigmaError("'correlation.rules' must name at least one rule", { path: 'correlation.rules' });
  const groupBy = strList(c, 'group-by', true);
  const timespanMs = parseTimespan(c['timespan'] ?? c['timeframe']);
  const temporal = type === 'temporal' || type === 'temporal_ordered';
  const cond = c['condition'];
  let condition: CorrelationCondition | undefined;
  if (cond === undefined || cond === null) {
    if (!temporal) throw new SigmaError(`correlation type '${type}' needs a condition`, { path: 'correlation.condition' });
  } else {
    if (!isMap(cond)) throw new SigmaError("'correlation.condition' must be a map such as {gte: 10}", { path: 'correlation.condition' });
    condition = {};
    for (const [k, v] of Object.entries(cond)) {
      const path = `correlation.condition.${k}`;
      if (k === 'field') condition.field = typeof v === 'string' ? [v] : strList(cond, 'field', false);
      else if (k === 'gt' || k === 'gte' || k === 'lt' || k === 'lte' || k === 'eq' || k === 'percentile') {
        if (typeof v !== 'number') throw new SigmaError(`'${k}' must be a number`, { path });
        condition[k] = v;
      } else throw new SigmaError(`unknown correlation condition '${k}' (expected gt, gte, lt, lte, eq, field)`, { path });
    }
    const ops = ['gt', 'gte', 'lt', 'lte', 'eq'].filter((k) => k in condition!);
    if (ops.length === 0) throw new SigmaError('correlation condition needs one of gt, gte, lt, lte, eq', { path: 'correlation.condition' });
    const needsField = type === 'value_count' || type === 'value_sum' || type === 'value_avg' || type === 'value_percentile';
    if (needsField && !condition.field?.length) throw new SigmaError(`correlation type '${type}' needs 'condition.field'`, { path: 'correlation.condition' });
  }
  const aliases: Record<string, Record<string, string>> = {};
  const al = c['aliases'];
  if (al !== undefined && al !== null) {
    if (!isMap(al)) throw new SigmaError("'correlation.aliases' must be a map", { path: 'correlation.aliases' });
    for (const [alias, per] of Object.entries(al)) {
      if (!isMap(per) || Object.values(per).some((v) => typeof v !== 'string'))
        throw new SigmaError(`alias '${alias}' must map rule names to field names`, { path: `correlation.aliases.${alias}` });
      aliases[alias] = per as Record<string, string>;
    }
  }
  const generate = c['generate'] ?? d['generate'] ?? false;
  if (typeof generate !== 'boolean') throw new SigmaError("'generate' must be true or false", { path: 'generate' });
  return { kind: 'correlation', meta: m, type, rules, groupBy, timespanMs, condition, aliases, generate };
}

function filter(d: Record<string, unknown>, m: RuleMeta): FilterRuleDef {
  const f = d['filter'];
  if (!isMap(f)) throw new SigmaError("'filter' must be a map", { path: 'filter' });
  const { rules: rawRules, ...detection } = f;
  let rules: string[] | 'any';
  if (rawRules === 'any') rules = 'any';
  else {
    rules = strList(f, 'rules', true);
    if (rules.length === 0) throw new SigmaError("'filter.rules' must name at least one rule (or be 'any')", { path: 'filter.rules' });
  }
  if (detection['condition'] === undefined) throw new SigmaError("missing required attribute 'filter.condition'", { path: 'filter.condition' });
  return { kind: 'filter', meta: m, logsource: logsource(d), rules, detection };
}

/** Types one document as a detection, correlation or filter rule, or throws the first violation. */
export function validateRule(doc: RuleDocument): RuleDef {
  const d = doc.data;
  try {
    const m = meta(d, doc.file);
    if ('correlation' in d) return correlation(d, m);
    if ('filter' in d) return filter(d, m);
    const det = d['detection'];
    if (det === undefined) throw new SigmaError("missing required attribute 'detection'", { path: 'detection' });
    if (!isMap(det)) throw new SigmaError("'detection' must be a map", { path: 'detection' });
    if (det['condition'] === undefined) throw new SigmaError("missing required attribute 'detection.condition'", { path: 'detection.condition' });
    return { kind: 'rule', meta: m, logsource: logsource(d), detection: det };
  } catch (e) {
    throw e instanceof SigmaError
      ? e.withLocation({ file: doc.file, document: doc.document, line: doc.line }, typeof d['id'] === 'string' ? d['id'] : undefined)
      : e;
  }
}
