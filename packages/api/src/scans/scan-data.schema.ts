import { z } from 'zod';
import { operation, rule, type Operation } from './scan-params.js';

const INVALID_DATA = 'Invalid test data format';

/** POST /analysis/{yara,sigma}/data: `test_data` must be a string (its base64 and size are the service's). */
export const scanDataSchema = z.object({
  test_data: z.string({ error: INVALID_DATA }),
  operation,
  rule,
});

export type ScanEngine = 'yara' | 'sigma';

export interface ScanDataInput {
  engine: ScanEngine;
  testData: string;
  operation: Operation;
  rule: unknown;
}

export function scanDataInput(engine: ScanEngine, params: z.output<typeof scanDataSchema>): ScanDataInput {
  return { engine, testData: params.test_data, operation: params.operation, rule: params.rule };
}
