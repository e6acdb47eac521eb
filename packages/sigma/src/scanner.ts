/** A scan over a stream of records: detection matches as they come, correlations at the end. */
import { Correlator } from './correlation.js';
import type { SigmaEngine } from './engine.js';
import type { EventView, Json } from './event.js';
import type { RuleMatch } from './match.js';

export class Scanner {
  private correlator: Correlator;
  records = 0;

  constructor(private readonly engine: SigmaEngine) {
    this.correlator = new Correlator(engine.correlations);
  }

  /** Matches of one record to report now (rules only correlations should report are held back). */
  push(record: Json | EventView): RuleMatch[] {
    this.records++;
    return this.accept(this.engine.match(record));
  }

  /** Feeds matches computed elsewhere (e.g. by workers) through correlation and suppression. */
  accept(matches: RuleMatch[]): RuleMatch[] {
    if (matches.length === 0) return matches;
    for (const m of matches) if (m.correlationValues) this.correlator.add(m);
    return this.engine.correlations.length ? matches.filter((m) => this.engine.isStandalone(m.rule)) : matches;
  }

  /** Correlation matches, once every record has been pushed. */
  finish(): RuleMatch[] {
    return this.correlator.finish();
  }

  get warnings() {
    return this.correlator.warnings;
  }
}

/** Scans all records and returns detection then correlation matches. */
export function scanRecords(engine: SigmaEngine, records: Iterable<Json>): RuleMatch[] {
  const s = new Scanner(engine);
  const out: RuleMatch[] = [];
  for (const r of records) out.push(...s.push(r));
  out.push(...s.finish());
  return out;
}
