import { z } from 'zod';
import type { ScanCategory } from '@quarry/vocabulary';
import { fileIdList } from '../jobs/create-parse-job.schema.js';
import { rule, scanEngine, scanOperation, type ScanOperation } from './scan-params.js';

/** A file scan: presence and types only; counts, sizes, access and the rule are the service's, in the contract's order. */
export const createScanJobSchema = z.object({ engine: scanEngine, fileIds: fileIdList, operation: scanOperation, rule });
export type CreateScanJobParams = z.output<typeof createScanJobSchema>;

export interface CreateScanJobInput {
  category: ScanCategory;
  fileIds: string[];
  operation: ScanOperation;
  /** The base64 rule as sent (run_rule). */
  rule?: string | undefined;
}
