import { z } from 'zod';

/** POST /analysis/{yara,sigma}/rules: each requested name and its text, one string per line. */
export const rulesResponse = z.strictObject({ results: z.record(z.string(), z.array(z.string())) }).meta({ id: 'RulesResponse' });
