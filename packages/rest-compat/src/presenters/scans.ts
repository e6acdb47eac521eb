import type { CreatedScanJob, DataScanResult } from '@quarry/api';
import type { ScanCategory } from '@quarry/vocabulary';

/** The contract's answer to a file-scan request: each engine has its own success message. */
const CREATED_MESSAGE: Record<ScanCategory, string> = { Yara: 'Job created successfully', sigma: 'Job queued' };

export const createdScanJobBody = (j: CreatedScanJob) => ({ id: j.id, job_name: j.jobName, message: CREATED_MESSAGE[j.category], category: j.category });

export const NO_MATCHES_MESSAGE = 'No matches found for the provided test data';
/** The File cell of an inline YARA scan. */
export const CUSTOM_DATA_LABEL = 'Custom Data';

/**
 * POST /analysis/yara/data `results`: `{Table}` (community: File, Rule, Description, Author, Tags;
 * custom: File, Rule) or the no-match `{message}`, then `{Metadata: Rule metadata}` for a custom
 * rule; `{Error: {message}}` when the scan could not run.
 */
export function yaraDataBody(r: DataScanResult) {
  if (r.kind === 'error') return { results: [{ Error: { message: r.message } }] };
  const results: unknown[] = [];
  if (r.matches.length === 0) results.push({ message: NO_MATCHES_MESSAGE });
  else {
    const data = r.custom
      ? [['File', 'Rule'], ...r.matches.map((m) => [CUSTOM_DATA_LABEL, m.rule])]
      : [['File', 'Rule', 'Description', 'Author', 'Tags'], ...r.matches.map((m) => [CUSTOM_DATA_LABEL, m.rule, m.description, m.author, m.tags.join(', ')])];
    results.push({ Table: { title: 'Yara Analysis Results', data, category: 'Yara' } });
  }
  if (r.custom) results.push({ Metadata: { title: 'Rule metadata', data: { warnings: r.warnings, custom_rule: r.customRule ?? '' }, category: 'Yara' } });
  return { results };
}

/**
 * POST /analysis/sigma/data `results`: `{type: Table, title, data, category: Sigma}` (community:
 * Rule, Description, Author, Tags, Level; custom: Rule; no match: the header row alone) or
 * `{type: Error, message}`.
 */
export function sigmaDataBody(r: DataScanResult) {
  if (r.kind === 'error') return { results: [{ type: 'Error', message: r.message }] };
  const data = r.custom
    ? [['Rule'], ...r.matches.map((m) => [m.rule])]
    : [['Rule', 'Description', 'Author', 'Tags', 'Level'], ...r.matches.map((m) => [m.rule, m.description, m.author, m.tags.join(', '), m.level])];
  return { results: [{ type: 'Table', title: 'Sigma Analysis Results', data, category: 'Sigma' }] };
}
