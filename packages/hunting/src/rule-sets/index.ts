export { ruleSources, SIGMAHQ_REPO, type RuleSources, type PackSource } from './sources.js';
export { updateRuleSets, type UpdateOptions } from './update.js';
export { importRuleSet, RuleImportError, type ImportOptions } from './import.js';
export { fetchRuleSetsOnFirstRun, hasCommunitySets, offlineWarning, type FirstRun, type FirstRunOptions } from './first-run.js';
export { readStatus, type RuleSetsStatus, type RuleSetsState } from './status.js';
export { readSetRecord, setLabel, type RuleSetRecord } from './set-record.js';
export { builtinRuleCounts, type BuiltinCounts } from './builtin-counts.js';
