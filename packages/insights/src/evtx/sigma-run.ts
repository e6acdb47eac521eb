import { Scanner, type Json, type RuleInfo, type RuleMatch } from '@quarry/sigma';
import type { EvtxRecord } from '@quarry/evtx';
import type { SigmaRules } from './sigma-rules.js';
import type { EventView } from './event-view.js';
import { Occurrences } from './occurrences.js';

const NO_MATCH: readonly string[] = [];

/** One rule's matches in the job. */
export interface RuleHits {
  rule: RuleInfo;
  occ: Occurrences;
}

/**
 * Sigma over the job's records in the analysis pass: each record is matched as it goes by, and
 * only per-rule aggregates are kept (count, times, computers, the first record ids).
 */
export class SigmaRun {
  private readonly scanner: Scanner;
  readonly hits = new Map<RuleInfo, RuleHits>();
  /** Lower-case channels of the job, to count the rules that had nothing to read. */
  readonly channels = new Set<string>();

  constructor(readonly rules: SigmaRules) {
    this.scanner = new Scanner(rules.engine);
  }

  /**
   * Matches the record; returns the titles and ids of the rules it matched (none: an empty array).
   * A record parsed on a parser thread arrives matched already (sigma-threads.ts): its hits only
   * go through correlation here.
   */
  push(record: EvtxRecord, v: EventView): readonly string[] {
    if (v.channel) this.channels.add(v.channel.toLowerCase());
    if (record.annotation === null) return NO_MATCH;
    // @quarry/evtx may hand 64-bit integers as bigint; the Sigma engine reads them as decimal text.
    const matches =
      record.annotation === undefined || !this.rules.annotation
        ? this.scanner.push(record.event as unknown as Json)
        : this.scanner.accept(this.rules.annotation.matches(record.annotation));
    if (matches.length === 0) return NO_MATCH;
    const names: string[] = [];
    for (let i = 0; i < matches.length; i++) {
      const rule = matches[i]!.rule;
      this.hitsOf(rule).occ.add(v);
      names.push(rule.title);
      if (rule.id) names.push(rule.id);
    }
    return names;
  }

  private hitsOf(rule: RuleInfo): RuleHits {
    let h = this.hits.get(rule);
    if (!h) this.hits.set(rule, (h = { rule, occ: new Occurrences() }));
    return h;
  }

  private finished = false;

  /** Adds correlation matches (they need every record); idempotent. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const m of this.scanner.finish()) this.addCorrelation(m);
  }

  private addCorrelation(m: RuleMatch): void {
    const c = m.correlation;
    if (!c) return;
    const occ = this.hitsOf(m.rule).occ;
    const first = Date.parse(c.firstTimestamp);
    const last = Date.parse(c.lastTimestamp);
    const ids = c.recordIds.map(Number);
    occ.addAt(first, ids[0] ?? 0, '');
    if (last !== first) occ.addAt(last, ids[ids.length - 1] ?? 0, '');
    for (const id of ids.slice(1)) if (occ.recordIds.length < 20 && !occ.recordIds.includes(id)) occ.recordIds.push(id);
  }

  /** Loaded Windows rules none of whose channels occur in the job (their logsource is absent). */
  get rulesWithoutLogsource(): number {
    let n = 0;
    for (const channels of this.rules.channels.values()) if (channels !== null && !channels.some((c) => this.channels.has(c))) n++;
    return n;
  }

  get matchCount(): number {
    let n = 0;
    for (const h of this.hits.values()) n += h.occ.count;
    return n;
  }
}
