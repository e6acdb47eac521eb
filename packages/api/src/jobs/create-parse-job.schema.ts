import { z } from 'zod';
import type { ParseCategory } from '@quarry/vocabulary';

const NO_IDS = 'No file IDs provided';
/** Only presence here: the count, id format and access checks run in the contract's order in the service. */
const fileIds = z.array(z.unknown(), { error: NO_IDS }).min(1, { error: NO_IDS });

/** Request parameters of each parse category; all are checked before a job exists. */
export const createParseJobSchemas = {
  winevtx: z.object({
    file_ids: fileIds,
    run_sigma_rules: z.boolean({ error: 'run_sigma_rules must be a boolean' }),
  }),
  registry: z.object({ file_ids: fileIds }),
  prefetch: z.object({ file_ids: fileIds }),
} satisfies Record<ParseCategory, z.ZodType>;

export interface CreateParseJobInput {
  category: ParseCategory;
  fileIds: unknown[];
  runSigmaRules: boolean;
}

/** Reads one category's parameters into the service's input (shared by every front). */
export function parseJobInput(category: ParseCategory, params: z.output<(typeof createParseJobSchemas)[ParseCategory]>): CreateParseJobInput {
  return { category, fileIds: params.file_ids, runSigmaRules: 'run_sigma_rules' in params ? params.run_sigma_rules : false };
}
