export { JsonRecordSplitter } from './json-records.js';
export { openLogRecords, parseLogText, textLogFormat, UnsupportedLogError, type LogFormat, type LogItem, type LogRecords } from './log-records.js';
export { SigmaFileScan, sigmaRuleMetadata, SIGMA_RESULTS_TITLE, type LogInputSummary } from './sigma-file-scan.js';
export { compileCustomSigmaRule, INVALID_SIGMA_RULE } from './sigma-custom-rule.js';
export { sigmaDataScan, type SigmaDataOutcome, type SigmaRuleHit } from './sigma-data-scan.js';
export { SigmaThread, SigmaScanTimeoutError, type SigmaThreadOptions } from './sigma-thread.js';
export type { SigmaThreadTask } from './sigma-thread-task.js';
export { sigmaRuleLines } from './sigma-rule-lines.js';
