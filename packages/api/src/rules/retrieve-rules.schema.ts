import { z } from 'zod';

const INVALID = 'Invalid rule names provided';
/** At most this many names per request (each at most 256 characters). */
export const MAX_RULE_NAMES = 100;

/** POST /analysis/{yara,sigma}/rules: a non-empty list of non-empty names, exact and case-sensitive. */
export const retrieveRulesSchema = z.object({
  rule_names: z
    .array(z.string({ error: INVALID }).min(1, { error: INVALID }).max(256, { error: INVALID }), { error: INVALID })
    .min(1, { error: INVALID })
    .max(MAX_RULE_NAMES, { error: INVALID }),
});

export type RuleEngine = 'yara' | 'sigma';
