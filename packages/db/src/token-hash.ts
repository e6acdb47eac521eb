import { createHash } from 'node:crypto';

/** How API tokens are stored: sha256 hex of the token string as the caller sends it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
