import type { Insight } from '@quarry/insights';
import type { Diagnostic, ScanOutcome } from '@quarry/yara';

/** The spec's titles for a YARA file-scan job's results (moved here from @quarry/yara: engines return matches only). */
export const YARA_RESULTS_TITLE = 'Yara Analysis Results';
export const RULE_METADATA_TITLE = 'Rule metadata';

const cell = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** One scanned input: what the engine found, and the name the analyst knows the file by. */
export interface YaraFileResult {
  fileName: string;
  outcome: ScanOutcome;
}

/**
 * The job table: File, Rule, Description, Author (the spec's columns for both community and custom
 * rules; a custom rule without meta leaves the last two empty).
 */
export function yaraResultsTable(results: readonly YaraFileResult[]): Insight {
  const rows: string[][] = [['File', 'Rule', 'Description', 'Author']];
  for (const r of results) {
    for (const m of r.outcome.matches) rows.push([r.fileName, m.rule, cell(m.meta['description']), cell(m.meta['author'])]);
  }
  return { Table: { title: YARA_RESULTS_TITLE, data: rows, category: 'Yara' } };
}

/**
 * `Rule metadata`: compiler warnings as text, the custom rule's text when there is one, and for
 * community rules what was loaded and which rule files were skipped (broken files never block the
 * rest, but the analyst should know they did not run).
 */
export function yaraRuleMetadata(options: {
  warnings: readonly Diagnostic[];
  customRule?: string;
  community?: { files: number; rules: number; skipped: readonly string[] };
}): Insight {
  const data: Record<string, string> = { warnings: options.warnings.map((w) => w.message).join('\n') };
  if (options.customRule !== undefined) data['custom_rule'] = options.customRule;
  if (options.community) {
    data['community_rule_files'] = String(options.community.files);
    data['community_rules'] = String(options.community.rules);
    data['skipped_rule_files'] = options.community.skipped.join('\n');
  }
  return { Metadata: { title: RULE_METADATA_TITLE, data, category: 'Yara' } };
}
