import type { Insight } from '@quarry/insights';
import { Scanner, type Json, type RuleInfo, type RuleMatch, type SigmaEngine } from '@quarry/sigma';

export const SIGMA_RESULTS_TITLE = 'Sigma Analysis Results';
/** Record ids listed per row; the Matches column carries the full count. */
const MAX_RECORD_IDS = 50;
const LEVELS = ['critical', 'high', 'medium', 'low', 'informational'];
const rank = (l: string | undefined) => (l && LEVELS.includes(l) ? LEVELS.indexOf(l) : LEVELS.length);

interface Row {
  file: string;
  rule: RuleInfo;
  count: number;
  recordIds: string[];
}

/** Per input: what was read, for the job's metadata. */
export interface LogInputSummary {
  fileName: string;
  format: string;
  records: number;
  unreadable: number;
  firstProblem?: string;
}

/**
 * Sigma over a file-scan job's records, input after input, with one scanner for the whole job so
 * correlation rules see every file. Only per (file, rule) aggregates are kept: memory does not
 * grow with the number of records.
 */
export class SigmaFileScan {
  private readonly scanner: Scanner;
  private readonly rows = new Map<string, Row>();

  constructor(engine: SigmaEngine) {
    this.scanner = new Scanner(engine);
  }

  push(fileName: string, record: Json): void {
    for (const m of this.scanner.push(record)) this.add(fileName, m, m.recordId === undefined ? [] : [String(m.recordId)]);
  }

  /** Correlation matches (they need every record); their row names no single file. */
  finish(): void {
    for (const m of this.scanner.finish()) this.add('(correlation across the job)', m, (m.correlation?.recordIds ?? []).map(String), m.correlation?.events);
  }

  private add(file: string, m: RuleMatch, ids: string[], count = 1): void {
    const key = `${file}\0${m.rule.id ?? m.rule.title}`;
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = { file, rule: m.rule, count: 0, recordIds: [] }));
    row.count += count;
    for (const id of ids) if (row.recordIds.length < MAX_RECORD_IDS && !row.recordIds.includes(id)) row.recordIds.push(id);
  }

  /** The Sigma table: File, Rule, Level, Tags, Author (the rule licence asks for attribution), Matches, Record IDs. */
  table(): Insight {
    const rows = [...this.rows.values()].sort(
      (a, b) => rank(a.rule.level) - rank(b.rule.level) || b.count - a.count || a.rule.title.localeCompare(b.rule.title),
    );
    const data = [
      ['File', 'Rule', 'Level', 'Tags', 'Author', 'Matches', 'Record IDs'],
      ...rows.map((r) => [r.file, r.rule.title, r.rule.level ?? '', r.rule.tags.join(', '), r.rule.author ?? '', String(r.count), r.recordIds.join(', ')]),
    ];
    return { Table: { title: SIGMA_RESULTS_TITLE, data, category: 'Sigma' } };
  }
}

/** `Rule metadata` of a Sigma job: the custom rule, or what the community set loaded and refused; and what each input held. */
export function sigmaRuleMetadata(options: {
  customRule?: string;
  community?: { loaded: number; refused: readonly string[] };
  inputs: readonly LogInputSummary[];
}): Insight {
  const data: Record<string, string> = {};
  if (options.customRule !== undefined) data['custom_rule'] = options.customRule;
  if (options.community) {
    data['community_rules'] = String(options.community.loaded);
    data['refused_rules'] = String(options.community.refused.length);
  }
  for (const i of options.inputs) {
    data[`input: ${i.fileName}`] = `${i.format}, ${i.records} records${i.unreadable ? `, ${i.unreadable} unreadable (${i.firstProblem ?? ''})` : ''}`;
  }
  return { Metadata: { title: 'Rule metadata', data, category: 'Sigma' } };
}
