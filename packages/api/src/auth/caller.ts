import { hashToken, tokens, users } from '@quarry/db';
import type { JobTier } from '@quarry/vocabulary';
import { AppError } from '../errors/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { isUuidV4 } from './formats.js';

export interface Caller {
  userId: string | null;
  tier: JobTier;
}

export const ANONYMOUS: Caller = { userId: null, tier: 'anonymous' };

/** A token's last use is written at most this often: one UPDATE per request would double the cost of auth. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves the X-Service-Api-Token header. Absent: anonymous (or UNAUTHORIZED when required).
 * Malformed: INVALID_TOKEN_FORMAT (the upload endpoint answers 400 for it, the rest 401).
 */
export async function resolveCaller(deps: Pick<ServiceDeps, 'db'>, token: string | null | undefined, { required }: { required: boolean }): Promise<Caller> {
  if (token === undefined || token === null || token === '') {
    if (required) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    return ANONYMOUS;
  }
  if (!isUuidV4(token)) throw new AppError('INVALID_TOKEN_FORMAT', 'X-Service-Api-Token must be a valid UUID v4');
  const found = await users.getByTokenHash(deps.db, hashToken(token.toLowerCase()));
  if (!found) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const now = Date.now();
  if (!found.tokenLastUsedAt || now - found.tokenLastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await tokens.markUsed(deps.db, found.tokenId, new Date(now));
  }
  return { userId: found.user.id, tier: found.user.tier };
}
