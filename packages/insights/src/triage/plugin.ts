import { withJobState, type InsightsPlugin } from '../plugin.js';
import { accountsAnalyzer } from './accounts.js';
import { evidenceOfExecution } from './execution.js';
import { fileAccessAnalyzer } from './file-access.js';
import { findings } from './findings.js';
import { HostState } from './host-state.js';
import { hostSummary } from './host-summary.js';
import { hostTimelineAnalyzer } from './host-timeline.js';
import { readTriageInputs } from './reader/read-triage.js';

/**
 * Whole-host triage (issue 35): each collection member runs through its own type's plug-in; the
 * host result types read their finished results.
 */
export const triagePlugin: InsightsPlugin<'triage'> = {
  read: readTriageInputs,
  // The descriptor's resultTypes order.
  analyzers: withJobState(() => new HostState(), [hostSummary, findings, evidenceOfExecution, fileAccessAnalyzer, accountsAnalyzer, hostTimelineAnalyzer]),
  runsSigmaRules: true,
  usesKnownExecutables: true,
};
