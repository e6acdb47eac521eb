export { BUILTIN_SIGMA_RULES, sigmaRuleDirs, loadCommunityRules, type CommunityRules } from './community-rules.js';
export { SigmaRuleSet } from './sigma-rule-set.js';
