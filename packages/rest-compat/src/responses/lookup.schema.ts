import { z } from 'zod';

/** POST /analysis/lookup: the module's columns and the page's rows. */
export const lookupResponse = z.strictObject({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).meta({ id: 'LookupResponse' });
