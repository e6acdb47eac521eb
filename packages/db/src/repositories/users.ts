import type { DbClient } from '../client.js';
import type { Tier } from '../generated/prisma/enums.js';
import { assertStorableText } from '../text.js';
import { isUuid } from '../uuid.js';

export interface UserDto {
  id: string;
  name: string;
  tier: Tier;
  createdAt: Date;
}

const userSelect = { id: true, name: true, tier: true, createdAt: true } as const;

export async function create(db: DbClient, input: { name: string; tier: Tier }): Promise<UserDto> {
  assertStorableText(input.name, 'the user name');
  return db.user.create({ data: { name: input.name, tier: input.tier }, select: userSelect });
}

export async function get(db: DbClient, id: string): Promise<UserDto | null> {
  if (!isUuid(id)) return null;
  return db.user.findUnique({ where: { id }, select: userSelect });
}

/** All users, oldest first (for the admin CLI). */
export async function list(db: DbClient): Promise<UserDto[]> {
  return db.user.findMany({ select: userSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/**
 * The user owning a live (not revoked) token with this hash, or null. Runs on every authenticated
 * request, so it is one JOIN: Prisma's nested select costs several round trips (about 3x slower).
 */
export async function getByTokenHash(db: DbClient, tokenHash: string): Promise<{ user: UserDto; tokenId: string; tokenLastUsedAt: Date | null } | null> {
  const rows = await db.$queryRaw<Array<{ token_id: string; last_used_at: Date | null; id: string; name: string; tier: Tier; created_at: Date }>>`
    SELECT t.id::text AS token_id, t.last_used_at, u.id::text AS id, u.name, u.tier::text AS tier, u.created_at
      FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ${tokenHash} AND t.revoked_at IS NULL`;
  const row = rows[0];
  if (!row) return null;
  return {
    user: { id: row.id, name: row.name, tier: row.tier, createdAt: row.created_at },
    tokenId: row.token_id,
    tokenLastUsedAt: row.last_used_at,
  };
}
