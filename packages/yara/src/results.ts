import type { Diagnostic } from './diagnostics.js';
import type { ScanOutcome } from './pool.js';

export const YARA_CATEGORY = 'Yara';
export const RESULTS_TITLE = 'Yara Analysis Results';
export const METADATA_TITLE = 'Rule metadata';
export const NO_MATCHES_MESSAGE = 'No matches found for the provided test data';
/** The File cell of an inline-data scan. */
export const CUSTOM_DATA_LABEL = 'Custom Data';

export interface YaraTable {
  Table: { title: string; data: string[][]; category: string };
}
export interface YaraMetadata {
  Metadata: { title: string; data: { warnings: string; custom_rule?: string }; category: string };
}

function cell(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/**
 * Community-rule rows. `withTags`: the inline-data endpoint shows Tags, the file-scan job table
 * does not (spec: File, Rule, Description, Author). `fileLabel` maps an outcome to its File cell
 * (e.g. the uploaded file's original name rather than the blob path).
 */
export function communityTable(outcomes: readonly ScanOutcome[], options: { withTags: boolean; fileLabel?: (o: ScanOutcome) => string }): YaraTable {
  const header = ['File', 'Rule', 'Description', 'Author', ...(options.withTags ? ['Tags'] : [])];
  const rows: string[][] = [header];
  for (const o of outcomes) {
    const file = options.fileLabel?.(o) ?? o.target;
    for (const m of o.matches) {
      const row = [file, m.rule, cell(m.meta.description), cell(m.meta.author)];
      if (options.withTags) row.push(m.tags.join(', '));
      rows.push(row);
    }
  }
  return { Table: { title: RESULTS_TITLE, data: rows, category: YARA_CATEGORY } };
}

export function customTable(outcomes: readonly ScanOutcome[], fileLabel?: (o: ScanOutcome) => string): YaraTable {
  const rows: string[][] = [['File', 'Rule']];
  for (const o of outcomes) for (const m of o.matches) rows.push([fileLabel?.(o) ?? o.target, m.rule]);
  return { Table: { title: RESULTS_TITLE, data: rows, category: YARA_CATEGORY } };
}

/** The `Rule metadata` insight: compiler warnings as text, plus the custom rule's text if any. */
export function ruleMetadata(warnings: readonly Diagnostic[], customRuleText?: string): YaraMetadata {
  const data: YaraMetadata['Metadata']['data'] = { warnings: warnings.map((w) => w.message).join('\n') };
  if (customRuleText !== undefined) data.custom_rule = customRuleText;
  return { Metadata: { title: METADATA_TITLE, data, category: YARA_CATEGORY } };
}

export function matchCount(outcomes: readonly ScanOutcome[]): number {
  return outcomes.reduce((n, o) => n + o.matches.length, 0);
}

/**
 * The `results` array of POST /analysis/yara/data: the table (or the no-match message), then,
 * for a custom rule, the `Rule metadata` insight with its warnings and text.
 */
export function dataScanResults(outcome: ScanOutcome, custom?: { text: string; warnings: readonly Diagnostic[] }): Array<YaraTable | YaraMetadata | { message: string }> {
  const labelled = (): string => CUSTOM_DATA_LABEL;
  const out: Array<YaraTable | YaraMetadata | { message: string }> = [];
  if (outcome.matches.length === 0) out.push({ message: NO_MATCHES_MESSAGE });
  else out.push(custom === undefined ? communityTable([outcome], { withTags: true, fileLabel: labelled }) : customTable([outcome], labelled));
  if (custom !== undefined) out.push(ruleMetadata(custom.warnings, custom.text));
  return out;
}
