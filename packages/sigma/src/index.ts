export { SigmaError, type SigmaLocation } from './errors.js';
export { parseRuleText, readRuleFiles, listRuleFiles, type RuleDocument, type SourceResult } from './rule-source.js';
export {
  validateRule,
  LEVELS,
  STATUSES,
  CORRELATION_TYPES,
  type RuleDef,
  type DetectionRuleDef,
  type CorrelationRuleDef,
  type FilterRuleDef,
  type RuleMeta,
  type Level,
  type Status,
  type CorrelationType,
} from './rule-schema.js';
export { parseCondition, type ConditionNode } from './condition.js';
export { compileDetection, type CompiledDetection } from './detection.js';
export { SigmaEngine, type EngineOptions, type LoadReport, type RefusedRule, type NotApplicable } from './engine.js';
export { Scanner, scanRecords } from './scanner.js';
export { Correlator, type CorrelationWarning } from './correlation.js';
export { scanParallel, type ParallelOptions, type ParallelResult } from './parallel.js';
export { scanEvtxParallel, type EvtxParallelOptions, type EvtxParallelResult } from './evtx-parallel.js';
export type { RuleMatch, RuleInfo, CorrelationDetail } from './match.js';
export { toEvent, WindowsEvent, JsonEvent, type EventView, type Json } from './event.js';
export { parseJsonRecords } from './json-input.js';
export { xmlToRecords } from './xml-event.js';
export { resolveWindowsLogsource, type Logsource, type WindowsTarget } from './windows-mapping.js';
export { WINDOWS_SERVICES, WINDOWS_CATEGORIES, FIELD_MAPS, WINDOWS_SYSTEM_FIELDS } from './mapping/windows-sources.js';
