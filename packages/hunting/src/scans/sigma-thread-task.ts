import type { SigmaRuleSet } from '../sigma/sigma-rule-set.js';

/**
 * Work a process runs beside its Sigma scans on the thread that holds its compiled set (e.g. the
 * web server's search summaries): the export `runSigmaThreadTask` of a compiled module named when
 * the SigmaThread is created. `rules` is the thread's one set: the task never compiles its own.
 */
export type SigmaThreadTask = (input: unknown, rules: SigmaRuleSet) => unknown;

/** The export a task module must have. */
export const TASK_EXPORT = 'runSigmaThreadTask';
