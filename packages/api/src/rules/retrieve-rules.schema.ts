import { z } from 'zod';
import { scanEngine } from '../scans/scan-params.js';

const INVALID = 'Invalid rule names provided';
/** At most this many names per request (each at most 256 characters). */
export const MAX_RULE_NAMES = 100;

/** A non-empty list of non-empty names, exact and case-sensitive. */
export const ruleNameList = z
  .array(z.string({ error: INVALID }).min(1, { error: INVALID }).max(256, { error: INVALID }), { error: INVALID })
  .min(1, { error: INVALID })
  .max(MAX_RULE_NAMES, { error: INVALID });

export const retrieveRulesSchema = z.object({ engine: scanEngine, ruleNames: ruleNameList });
export type RetrieveRulesInput = z.output<typeof retrieveRulesSchema>;
