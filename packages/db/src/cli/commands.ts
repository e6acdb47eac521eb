import { parseArgs } from 'node:util';
import type { Db } from '../client.js';
import { Tier } from '../generated/prisma/enums.js';
import * as tokens from '../repositories/tokens.js';
import * as users from '../repositories/users.js';

export const USAGE = `usage:
  admin user create --name NAME --tier free|pro|enterprise [--label LABEL]
      creates a user and a first API token; the token is printed alone on the last line
  admin user list
  admin token create --user USER_ID [--label LABEL]
      issues another token for a user; the token is printed alone on the last line
  admin token list --user USER_ID
      lists a user's tokens with when each was created, last used (to the minute) and revoked
  admin token revoke --id TOKEN_ID

Uses DATABASE_URL when set, else the embedded PostgreSQL under QUARRY_DATA_DIR (default <repo>/.data).`;

/** A mistake in the command line: printed with the usage, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A parsed command, ready to run once a database is at hand. */
export type Command = (db: Db) => Promise<string[]>;

const TIERS = Object.values(Tier);

function isTier(value: string): value is Tier {
  return (TIERS as string[]).includes(value);
}

/** Parses argv (without node and script) into a command; throws UsageError on any mistake. */
export function parseCommand(argv: string[]): Command {
  const [noun, verb, ...rest] = argv;
  const options = (spec: Record<string, { type: 'string' }>) => {
    try {
      return parseArgs({ args: rest, options: spec, strict: true, allowPositionals: false }).values;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  };
  const required = (values: Record<string, string | undefined>, name: string): string => {
    const value = values[name];
    if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
    return value.trim();
  };

  switch (`${noun ?? ''} ${verb ?? ''}`) {
    case 'user create': {
      const values = options({ name: { type: 'string' }, tier: { type: 'string' }, label: { type: 'string' } });
      const name = required(values, 'name');
      const tier = required(values, 'tier');
      if (!isTier(tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')} (got ${JSON.stringify(tier)})`);
      const label = values.label ?? null;
      return async (db) => {
        const { user, token } = await db.$transaction(async (tx) => {
          const created = await users.create(tx, { name, tier });
          const issued = await tokens.create(tx, { userId: created.id, label });
          return { user: created, token: issued.token };
        });
        return [`created user ${user.id} (${user.name}, tier ${user.tier})`, 'API token (shown once, keep it):', token];
      };
    }
    case 'user list': {
      options({});
      return async (db) => {
        const all = await users.list(db);
        if (all.length === 0) return ['no users'];
        return all.map((u) => [u.id, u.tier.padEnd(10), u.createdAt.toISOString(), u.name].join('  '));
      };
    }
    case 'token create': {
      const values = options({ user: { type: 'string' }, label: { type: 'string' } });
      const userId = required(values, 'user');
      const label = values.label ?? null;
      return async (db) => {
        const user = await users.get(db, userId);
        if (!user) throw new UsageError(`no user with id ${userId}`);
        const { token, record } = await tokens.create(db, { userId: user.id, label });
        return [`created token ${record.id} for user ${user.id} (${user.name})`, 'API token (shown once, keep it):', token];
      };
    }
    case 'token list': {
      const values = options({ user: { type: 'string' } });
      const userId = required(values, 'user');
      return async (db) => {
        const list = await tokens.listByUser(db, userId);
        if (list.length === 0) return [`no tokens for user ${userId}`];
        const when = (d: Date | null) => (d ? d.toISOString() : '-').padEnd(24);
        return [
          ['token id'.padEnd(36), 'created'.padEnd(24), 'last used'.padEnd(24), 'revoked'.padEnd(24), 'label'].join('  '),
          ...list.map((t) => [t.id, when(t.createdAt), when(t.lastUsedAt), when(t.revokedAt), t.label ?? ''].join('  ')),
        ];
      };
    }
    case 'token revoke': {
      const values = options({ id: { type: 'string' } });
      const tokenId = required(values, 'id');
      return async (db) => {
        if (!(await tokens.revoke(db, tokenId))) throw new UsageError(`no live token with id ${tokenId}`);
        return [`revoked token ${tokenId}`];
      };
    }
    default:
      throw new UsageError(argv.length === 0 ? 'no command given' : `unknown command: ${argv.slice(0, 2).join(' ')}`);
  }
}
