import { z } from 'zod';
import type { ParseCategory } from '@quarry/vocabulary';

const NO_IDS = 'No file IDs provided';

/**
 * File ids as sent: presence only. Their count, format and access are checked in the service, in
 * the contract's order (count before format), so the answer never depends on which front asked.
 */
export const fileIdList = z.array(z.string({ error: 'Failed to download file' }), { error: NO_IDS }).min(1, { error: NO_IDS });

export const runSigmaRules = z.boolean({ error: 'run_sigma_rules must be a boolean' });

/** Each parse category's input; all are checked before a job exists. */
export const createParseJobSchemas = {
  winevtx: z.object({ fileIds: fileIdList, runSigmaRules }),
  registry: z.object({ fileIds: fileIdList }),
  prefetch: z.object({ fileIds: fileIdList }),
} satisfies Record<ParseCategory, z.ZodObject>;

export type ParseJobParams<C extends ParseCategory = ParseCategory> = z.output<(typeof createParseJobSchemas)[C]>;

export interface CreateParseJobInput {
  category: ParseCategory;
  fileIds: string[];
  runSigmaRules: boolean;
}

/** One category's input as the service takes it. */
export function parseJobInput(category: ParseCategory, params: ParseJobParams): CreateParseJobInput {
  return { category, fileIds: params.fileIds, runSigmaRules: 'runSigmaRules' in params ? params.runSigmaRules : false };
}
