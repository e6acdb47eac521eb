export { ruleFilesFingerprint, RecheckGate } from './rule-files-fingerprint.js';
export { BUILTIN_SIGMA_RULES, sigmaRuleDirs, loadCommunityRules, SigmaRuleSet, type CommunityRules } from './sigma/index.js';
export { yaraRuleDirs, YaraRuleSet, skippedRuleFiles } from './yara/yara-rule-set.js';
export { loadedYaraSets } from './yara/loaded-sets.js';
export { yaraResultsTable, yaraRuleMetadata, YARA_RESULTS_TITLE, RULE_METADATA_TITLE, type YaraFileResult } from './yara/results.js';
export * from './rule-sets/index.js';
export * from './scans/index.js';
export type { LoadedRuleSet } from '@quarry/insights';
