import { withJobState, type InsightsPlugin } from '../plugin.js';
import { UnusableInputError } from '../pipeline/errors.js';
import { accountsAnalyzer } from './accounts.js';
import { evidenceOfExecution } from './execution.js';
import { fileAccessAnalyzer } from './file-access.js';
import { findings } from './findings.js';
import { HostState } from './host-state.js';
import { hostSummary } from './host-summary.js';
import { hostTimelineAnalyzer } from './host-timeline.js';

/**
 * Whole-host triage (issue 35). SCAFFOLD: the collection reader and the host result types replace
 * this; until then a triage job fails as unusable rather than pretending to analyse.
 */
export const triagePlugin: InsightsPlugin<'triage'> = {
  // eslint-disable-next-line require-yield
  read: async function* () {
    throw new UnusableInputError('Triage collections are not read yet');
  },
  // The descriptor's resultTypes order.
  analyzers: withJobState(() => new HostState(), [hostSummary, findings, evidenceOfExecution, fileAccessAnalyzer, accountsAnalyzer, hostTimelineAnalyzer]),
  runsSigmaRules: true,
};
