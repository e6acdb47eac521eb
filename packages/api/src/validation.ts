import type { z } from 'zod';
import { AppError } from './errors/app-error.js';

/**
 * Checks request parameters against a schema shared by every front. Each schema's messages are the
 * contract's own (e.g. "No file IDs provided"), so the first issue is what the caller is told.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}
