import { tokens, users, type Db } from '@quarry/db';

/** Creates a real user and API token through the same repositories the admin CLI uses. */
export async function createUser(db: Db, tier: 'free' | 'pro' | 'enterprise' = 'free'): Promise<{ userId: string; token: string }> {
  const user = await users.create(db, { name: `tester-${Math.random().toString(36).slice(2, 8)}`, tier });
  const { token } = await tokens.create(db, { userId: user.id });
  return { userId: user.id, token };
}
