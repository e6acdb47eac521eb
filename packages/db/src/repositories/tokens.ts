import { randomUUID } from 'node:crypto';
import type { DbClient } from '../client.js';
import { hashToken } from '../token-hash.js';
import { assertStorableText } from '../text.js';
import { isUuid } from '../uuid.js';

export interface TokenDto {
  id: string;
  userId: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const tokenSelect = {
  id: true,
  userId: true,
  label: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/**
 * Issues a token for a user. The plaintext (a random UUID v4, the format of X-Service-Api-Token)
 * is returned here once and never stored: the row keeps only its sha256.
 */
export async function create(db: DbClient, input: { userId: string; label?: string | null }): Promise<{ token: string; record: TokenDto }> {
  if (input.label) assertStorableText(input.label, 'the token label');
  const token = randomUUID();
  const record = await db.apiToken.create({
    data: { userId: input.userId, tokenHash: hashToken(token), label: input.label ?? null },
    select: tokenSelect,
  });
  return { token, record };
}

export async function listByUser(db: DbClient, userId: string): Promise<TokenDto[]> {
  if (!isUuid(userId)) return [];
  return db.apiToken.findMany({
    where: { userId },
    select: tokenSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function markUsed(db: DbClient, tokenId: string, at: Date = new Date()): Promise<void> {
  await db.apiToken.updateMany({ where: { id: tokenId }, data: { lastUsedAt: at } });
}

/** Returns false when no live token has this id. */
export async function revoke(db: DbClient, tokenId: string, at: Date = new Date()): Promise<boolean> {
  if (!isUuid(tokenId)) return false;
  const { count } = await db.apiToken.updateMany({
    where: { id: tokenId, revokedAt: null },
    data: { revokedAt: at },
  });
  return count === 1;
}
