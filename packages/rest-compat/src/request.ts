import type { Context } from 'hono';
import { AppError } from '@quarry/api';

export const tokenOf = (c: Context): string | undefined => c.req.header('x-service-api-token');
export const keyOf = (c: Context): string | undefined => c.req.header('x-service-api-enc-key');

/** Reads a JSON object body; anything else is a 400 in the endpoint's own format. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body must be a JSON object');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
