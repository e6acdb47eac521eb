import { DbError } from './errors.js';

/**
 * PostgreSQL text cannot hold U+0000, and names reach us from multipart headers and the CLI:
 * refuse such a value with a clear error instead of a driver failure deep in a query.
 */
export function assertStorableText(value: string, what: string): void {
  if (value.includes('\u0000')) throw new DbError('invalid-argument', `${what} contains a NUL character`);
}
