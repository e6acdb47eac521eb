import { z } from 'zod';

/** GET /healthz (rest-deps.ts `Health`): 200 when every check is up, else 503 with the same body. */
export const healthResponse = z.strictObject({ ok: z.boolean(), checks: z.record(z.string(), z.boolean()) }).meta({ id: 'HealthResponse' });
