export { YaraError, type YaraErrorCode, type YaraErrorDetails } from './errors.js';
export type { Diagnostic } from './diagnostics.js';
export { outlineSource, metaText, type RuleOutline, type SourceOutline, type MetaValue } from './outline.js';
export { EXTERNAL_NAMES, EMPTY_EXTERNALS, externalsFor, type Externals, type ExternalName } from './externals.js';
export { detectFiletype } from './filetype.js';
export { loadPack, type Pack, type PackOptions, type PackRule, type RuleFileReport, type CompileGroup } from './pack.js';
export { PackCache } from './pack-cache.js';
export { ScanPool, type ScanPoolOptions, type ScanRequestOptions, type ScanOutcome, type ScanMatch, type WorkerStat, type Rules } from './pool.js';
export type { StringMatch } from './engine.js';
export { customRule, checkRule, decodeRuleBase64, type CustomRule, type RuleCheck } from './custom-rule.js';
export {
  communityTable,
  customTable,
  ruleMetadata,
  matchCount,
  dataScanResults,
  YARA_CATEGORY,
  RESULTS_TITLE,
  METADATA_TITLE,
  NO_MATCHES_MESSAGE,
  CUSTOM_DATA_LABEL,
  type YaraTable,
  type YaraMetadata,
} from './results.js';
export { findRule, retrieveRules, type RuleVariant } from './retrieval.js';
export { BUILTIN_RULES_DIR } from './builtin.js';
