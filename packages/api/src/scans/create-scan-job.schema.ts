import { z } from 'zod';
import type { ScanCategory } from '@quarry/vocabulary';
import { operation, rule, type Operation } from './scan-params.js';

const NO_IDS = 'No file IDs provided';

/** POST /analysis/{yara,sigma}/file: presence and types only; counts, sizes, access and the rule are the service's. */
export const createScanJobSchema = z.object({
  file_ids: z.array(z.unknown(), { error: NO_IDS }).min(1, { error: NO_IDS }),
  operation,
  rule,
});

export interface CreateScanJobInput {
  category: ScanCategory;
  fileIds: unknown[];
  operation: Operation;
  /** The base64 rule as sent (run_rule). */
  rule: unknown;
}

export function scanJobInput(category: ScanCategory, params: z.output<typeof createScanJobSchema>): CreateScanJobInput {
  return { category, fileIds: params.file_ids, operation: params.operation, rule: params.rule };
}
