export { BUILTIN_SIGMA_RULES, sigmaRuleDirs, loadCommunityRules, type CommunityRules } from './community-rules.js';
export { configureSigmaRules, communityRules } from './rule-cache.js';
