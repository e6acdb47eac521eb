import type { Importance, InsightCategory } from '@quarry/insights';
import { LEVELS as SIGMA_LEVELS } from '@quarry/sigma';

export { SIGMA_LEVELS };
import { FILTER_OPERATORS, JOB_CATEGORIES, JOB_STATUSES, JOB_TIERS, LOOKUP_MODULES, PARSE_CATEGORIES, SCAN_ENGINES, VISIBILITIES } from '@quarry/vocabulary';
import { builder } from './builder.js';

/** GraphQL spells enum values in SCREAMING_CASE; each maps to the internal string as the vocabulary spells it. */
export const screamingCase = (value: string): string =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

export function enumValues<const V extends string>(values: readonly V[]): Record<string, { value: V }> {
  return Object.fromEntries(values.map((value) => [screamingCase(value), { value }]));
}

export const JobStatusEnum = builder.enumType('JobStatus', { values: enumValues(JOB_STATUSES) });
export const JobCategoryEnum = builder.enumType('JobCategory', {
  description: 'What a job does: parse one evidence type, or scan files with YARA or Sigma.',
  values: enumValues(JOB_CATEGORIES),
});
export const EvidenceTypeEnum = builder.enumType('EvidenceType', { description: 'An evidence type Quarry parses.', values: enumValues(PARSE_CATEGORIES) });
export const VisibilityEnum = builder.enumType('Visibility', {
  description: "PRIVATE: encrypted under the uploader's key and readable only with it; PUBLIC: readable by anyone with the id.",
  values: enumValues(VISIBILITIES),
});
export const TierEnum = builder.enumType('Tier', { description: "Who pays for a job: a user's tier, or anonymous.", values: enumValues(JOB_TIERS) });
/** Spelled out here because @quarry/insights declares them as types only; `satisfies` keeps both in step. */
const IMPORTANCES = ['Informational', 'Low', 'Medium', 'High', 'Critical'] as const satisfies readonly Importance[];
/** The six insight categories, and `Yara`, which YARA results carry (insights/types.ts). */
const INSIGHT_CATEGORIES = ['General', 'Authentication', 'Network', 'Persistence', 'Process', 'Sigma', 'Yara'] as const satisfies readonly (
  InsightCategory | 'Yara'
)[];
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : never;
const everyImportance: Missing<Importance, (typeof IMPORTANCES)[number]> = true;
const everyCategory: Missing<InsightCategory, (typeof INSIGHT_CATEGORIES)[number]> = true;
void everyImportance;
void everyCategory;

export const ImportanceEnum = builder.enumType('Importance', { values: enumValues(IMPORTANCES) });
export const InsightCategoryEnum = builder.enumType('InsightCategory', { values: enumValues(INSIGHT_CATEGORIES) });
export const SigmaLevelEnum = builder.enumType('SigmaLevel', { description: 'The `level` of a Sigma rule.', values: enumValues(SIGMA_LEVELS) });
export const ChartDisplayModeEnum = builder.enumType('ChartDisplayMode', { values: enumValues(['bar', 'pie'] as const) });
export const FilterOperatorEnum = builder.enumType('FilterOperator', { values: enumValues(FILTER_OPERATORS) });
export const LookupModuleEnum = builder.enumType('LookupModule', {
  description: 'FILE_NAME: Windows executables; EVENT_ID: Windows event ids.',
  values: enumValues(LOOKUP_MODULES),
});
export const ScanEngineEnum = builder.enumType('ScanEngine', { values: enumValues(SCAN_ENGINES) });
