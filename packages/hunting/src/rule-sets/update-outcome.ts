import type { BuiltinCounts } from './builtin-counts.js';
import type { RuleSetsStatus } from './status.js';

export type UpdateThreadReply =
  | { type: 'log'; line: string }
  /** status undefined: fetching was off. builtin: set when not every set installed (for the warning). */
  | { type: 'done'; status: RuleSetsStatus | undefined; builtin: BuiltinCounts | undefined }
  | { type: 'failed'; message: string };
