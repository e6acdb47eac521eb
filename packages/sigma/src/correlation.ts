/**
 * Correlation rules over detection matches: event_count, value_count, temporal, temporal_ordered,
 * value_sum, value_avg and value_percentile, grouped by field values within a sliding timespan.
 * Matches are collected as they come (from one engine or many workers) and evaluated at finish,
 * since a forensic scan sees the whole time range and records need not arrive in time order.
 */
import type { Json } from './event.js';
import { ruleInfo, type RuleInfo, type RuleMatch } from './match.js';
import type { CorrelationCondition, CorrelationRuleDef } from './rule-schema.js';

interface Entry {
  ts: number;
  /** Index of the referenced rule in the correlation's `rules` list. */
  ref: number;
  group: Json[];
  value: Json | undefined;
  recordId: string | number | undefined;
}

export interface CorrelationWarning {
  rule: RuleInfo;
  reason: string;
}

function toMs(ts: string | undefined): number {
  if (ts === undefined) return NaN;
  // evtx_dump writes UTC with a Z; Sysmon's UtcTime has none and is UTC too.
  const t = /[zZ]|[+-]\d\d:?\d\d$/.test(ts) ? ts : ts.replace(' ', 'T') + 'Z';
  return Date.parse(t);
}

function satisfies(c: CorrelationCondition | undefined, v: number, fallback: number): boolean {
  if (!c) return v >= fallback;
  if (c.gt !== undefined && !(v > c.gt)) return false;
  if (c.gte !== undefined && !(v >= c.gte)) return false;
  if (c.lt !== undefined && !(v < c.lt)) return false;
  if (c.lte !== undefined && !(v <= c.lte)) return false;
  if (c.eq !== undefined && v !== c.eq) return false;
  return true;
}

const keyOf = (v: Json | undefined): string => (typeof v === 'string' ? v.toLowerCase() : JSON.stringify(v ?? null));

export class Correlator {
  private entries: Map<CorrelationRuleDef, Entry[]>;
  private refIndex = new Map<string, { corr: CorrelationRuleDef; ref: number }[]>();
  private infos = new Map<CorrelationRuleDef, RuleInfo>();
  readonly warnings: CorrelationWarning[] = [];
  private undated = new Map<CorrelationRuleDef, number>();

  constructor(private readonly defs: readonly CorrelationRuleDef[]) {
    this.entries = new Map(defs.map((d) => [d, []]));
    for (const d of defs) {
      this.infos.set(d, ruleInfo(d.meta));
      d.rules.forEach((r, ref) => {
        const list = this.refIndex.get(r) ?? [];
        list.push({ corr: d, ref });
        this.refIndex.set(r, list);
      });
    }
  }

  /** Feeds one detection (or correlation) match. */
  add(m: RuleMatch): void {
    const seen = new Set<CorrelationRuleDef>();
    for (const key of [m.rule.id, m.rule.name]) {
      if (key === undefined) continue;
      for (const { corr, ref } of this.refIndex.get(key) ?? []) {
        if (seen.has(corr)) continue;
        seen.add(corr);
        const ts = toMs(m.timestamp);
        if (Number.isNaN(ts)) {
          this.undated.set(corr, (this.undated.get(corr) ?? 0) + 1);
          continue;
        }
        const values = m.correlationValues ?? m.correlation?.group ?? {};
        const alias = (f: string) => (m.rule.name !== undefined && corr.aliases[f]?.[m.rule.name]) || f;
        const group = corr.groupBy.map((g) => values[alias(g)] ?? values[g] ?? null);
        const field = corr.condition?.field?.[0];
        const value = field === undefined ? undefined : (values[alias(field)] ?? m.correlation?.value);
        this.entries.get(corr)!.push({ ts, ref, group, value, recordId: m.recordId });
      }
    }
  }

  /** Evaluates every correlation; chained correlations see the matches of those they refer to. */
  finish(): RuleMatch[] {
    const out: RuleMatch[] = [];
    const done = new Set<CorrelationRuleDef>();
    const byRef = new Map<string, CorrelationRuleDef>();
    for (const d of this.defs) for (const k of [d.meta.id, d.meta.name]) if (k) byRef.set(k, d);
    const visit = (d: CorrelationRuleDef, stack: Set<CorrelationRuleDef>): void => {
      if (done.has(d)) return;
      if (stack.has(d)) {
        this.warnings.push({ rule: this.infos.get(d)!, reason: 'correlation chain refers back to itself; skipped' });
        done.add(d);
        return;
      }
      stack.add(d);
      for (const r of d.rules) {
        const inner = byRef.get(r);
        if (inner) visit(inner, stack);
      }
      stack.delete(d);
      done.add(d);
      const matches = this.evaluate(d);
      const undated = this.undated.get(d);
      if (undated) this.warnings.push({ rule: this.infos.get(d)!, reason: `${undated} matching record(s) had no timestamp and were not correlated` });
      for (const m of matches) {
        out.push(m);
        this.add(m);
      }
    };
    for (const d of this.defs) visit(d, new Set());
    return out;
  }

  private evaluate(d: CorrelationRuleDef): RuleMatch[] {
    const groups = new Map<string, Entry[]>();
    for (const e of this.entries.get(d)!) {
      const k = e.group.map(keyOf).join('\u0000');
      const list = groups.get(k);
      if (list) list.push(e);
      else groups.set(k, [e]);
    }
    const out: RuleMatch[] = [];
    for (const list of groups.values()) {
      list.sort((a, b) => a.ts - b.ts);
      let i = 0;
      while (i < list.length) {
        let j = i;
        while (j + 1 < list.length && list[j + 1]!.ts - list[i]!.ts <= d.timespanMs) j++;
        const window = list.slice(i, j + 1);
        const value = this.aggregate(d, window);
        if (value !== undefined) {
          out.push(this.describe(d, window, value));
          i = j + 1;
        } else i++;
      }
    }
    return out;
  }

  /** The aggregate when the window satisfies the condition, else undefined. */
  private aggregate(d: CorrelationRuleDef, w: Entry[]): number | undefined {
    const c = d.condition;
    switch (d.type) {
      case 'event_count':
        return satisfies(c, w.length, 1) ? w.length : undefined;
      case 'value_count': {
        const n = new Set(w.filter((e) => e.value !== undefined && e.value !== null).map((e) => keyOf(e.value))).size;
        return satisfies(c, n, 1) ? n : undefined;
      }
      case 'value_sum':
      case 'value_avg': {
        const nums = w.map((e) => Number(e.value)).filter((n) => Number.isFinite(n));
        if (nums.length === 0) return undefined;
        const sum = nums.reduce((a, b) => a + b, 0);
        const v = d.type === 'value_sum' ? sum : sum / nums.length;
        return satisfies(c, v, 1) ? v : undefined;
      }
      case 'value_percentile': {
        // Share (in %) of the window's events carrying each value; the rarest value is compared,
        // so `lte: 1` finds values seen in at most 1% of the group's events.
        const counts = new Map<string, number>();
        for (const e of w) if (e.value !== undefined && e.value !== null) counts.set(keyOf(e.value), (counts.get(keyOf(e.value)) ?? 0) + 1);
        if (counts.size === 0) return undefined;
        const share = (Math.min(...counts.values()) / w.length) * 100;
        return satisfies(c, share, 0) ? share : undefined;
      }
      case 'temporal': {
        const n = new Set(w.map((e) => e.ref)).size;
        return satisfies(c, n, d.rules.length) ? n : undefined;
      }
      case 'temporal_ordered': {
        // Longest prefix of the rule list seen in order within the window.
        let next = 0;
        for (const e of w) if (e.ref === next) next++;
        return satisfies(c, next, d.rules.length) ? next : undefined;
      }
    }
  }

  private describe(d: CorrelationRuleDef, w: Entry[], value: number): RuleMatch {
    const first = w[0]!;
    const last = w[w.length - 1]!;
    const group: Record<string, Json> = {};
    d.groupBy.forEach((g, i) => (group[g] = first.group[i] ?? null));
    const firstTimestamp = new Date(first.ts).toISOString();
    return {
      rule: this.infos.get(d)!,
      recordId: last.recordId,
      timestamp: firstTimestamp,
      fields: group,
      correlation: {
        type: d.type,
        group,
        value,
        events: w.length,
        firstTimestamp,
        lastTimestamp: new Date(last.ts).toISOString(),
        recordIds: w.slice(0, 100).flatMap((e) => (e.recordId === undefined ? [] : [e.recordId])),
      },
      correlationValues: group,
    };
  }
}
