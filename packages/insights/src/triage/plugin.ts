import type { InsightsPlugin } from '../plugin.js';
import { readTriageInputs } from './reader/read-triage.js';

/**
 * Whole-host triage (issue 35): each collection member runs through its own type's plug-in; the
 * host result types read their finished results. SCAFFOLD (analyzers): the host result types'
 * engineers fill the list.
 */
export const triagePlugin: InsightsPlugin<'triage'> = {
  read: readTriageInputs,
  analyzers: () => [],
  runsSigmaRules: true,
};
