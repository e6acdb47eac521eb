import { z } from 'zod';

/** Ids as the service issues them (random UUIDs). */
export const uuid = z.uuid();

/** The contract's listing date: `YYYY-MM-DD HH:MM:SS UTC` (format.ts). */
export const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

/** Error body of the endpoints whose errors are JSON (contract.ts). */
export const jsonErrorBody = z.strictObject({ error: z.string().min(1) }).meta({ id: 'JsonError' });

/** Error body of the endpoints whose errors are plain text (contract.ts). */
export const textErrorBody = z.string().min(1).meta({ id: 'TextError' });

/** A success that only says so, e.g. `{message: File deleted successfully}`. */
export const messageBody = (message: string) => z.strictObject({ message: z.literal(message) });
