import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readTriageInputs } from './reader/read-triage.js';
import { evidenceOfExecution } from './execution.js';
import { findings } from './findings.js';
import { HostState } from './host-state.js';
import { hostSummary } from './host-summary.js';

/**
 * Whole-host triage (issue 35): each collection member runs through its own type's plug-in; the
 * host result types read their finished results.
 */
export const triagePlugin: InsightsPlugin<'triage'> = {
  read: readTriageInputs,
  // The descriptor's resultTypes order. TODO(triaccess): fileAndFolderAccess, accountsAndLogons, hostTimeline follow evidenceOfExecution.
  analyzers: withJobState(() => new HostState(), [hostSummary, findings, evidenceOfExecution]),
  runsSigmaRules: true,
};
