import type { BuiltinCounts } from './builtin-counts.js';
import type { RuleSetsStatus } from './status.js';

/** What the first start's fetch found. status undefined: fetching was off. builtin: set when not every set installed (for the warning). */
export interface UpdateOutcome {
  status: RuleSetsStatus | undefined;
  builtin: BuiltinCounts | undefined;
}
