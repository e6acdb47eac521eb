import { z } from 'zod';
import { rule, scanEngine, scanOperation } from './scan-params.js';

/** An inline scan: `testData` must be a string (its base64 and size are the service's). */
export const scanDataSchema = z.object({ engine: scanEngine, testData: z.string({ error: 'Invalid test data format' }), operation: scanOperation, rule });

export type ScanDataInput = z.output<typeof scanDataSchema>;
