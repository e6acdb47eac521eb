// Repository cost against plain `pg`: the same statements through @quarry/db (Prisma Client over
// the pg driver adapter) and hand-written with the pg driver, on a throwaway embedded PostgreSQL.
// Usage: npm run bench -w @quarry/db   (QUARRY_BENCH_N=<ops per case>, default 2000)
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '@quarry/devstack';
import { createDb, files, hashToken, migrate, tokens, users } from '../src/index.js';

const n = Number(process.env['QUARRY_BENCH_N'] ?? 2000);

async function timed(label: string, count: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await op(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = count / seconds;
  console.log(`${label.padEnd(44)} ${count} ops  ${(seconds * 1000).toFixed(0).padStart(6)} ms  ${rate.toFixed(0).padStart(7)} ops/s`);
  return rate;
}

const dataDir = await mkdtemp(join(tmpdir(), 'quarry-db-bench-'));
const postgres = await startPostgres({ dataDir, ephemeral: true });
const db = createDb(postgres.url);
const raw = new pg.Pool({ connectionString: postgres.url, max: 1 });
try {
  const t0 = process.hrtime.bigint();
  const { applied } = await migrate(postgres.url);
  console.log(`migrate (fresh database, ${applied.length} migration)      ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`);
  const t1 = process.hrtime.bigint();
  await migrate(postgres.url);
  console.log(`migrate (up to date)                          ${(Number(process.hrtime.bigint() - t1) / 1e6).toFixed(0)} ms`);

  const user = await users.create(db, { name: 'bench', tier: 'pro' });
  const { token } = await tokens.create(db, { userId: user.id });
  const tokenHash = hashToken(token);
  await db.$queryRaw`SELECT 1`;

  const ratios: Array<[string, number, number]> = [];
  const auth = await timed('users.getByTokenHash (@quarry/db)', n, () => users.getByTokenHash(db, tokenHash));
  const authRaw = await timed('same lookup (pg, one JOIN)', n, () =>
    raw.query(
      `SELECT t.id, t.revoked_at, u.id AS uid, u.name, u.tier, u.created_at
         FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
      [tokenHash],
    ),
  );
  ratios.push(['token lookup', auth, authRaw]);

  const insert = await timed('files.create (@quarry/db)', n, () =>
    files.create(db, {
      ownerId: user.id,
      originalName: 'Security.evtx',
      size: 1024n,
      sha256: 'a'.repeat(64),
      visibility: 'private',
      encrypted: true,
      wrappedKey: Buffer.alloc(60, 7),
      blobKey: randomUUID(),
    }),
  );
  const insertRaw = await timed('same INSERT ... RETURNING (pg)', n, () =>
    raw.query(
      `INSERT INTO files (id, owner_id, original_name, size, sha256, visibility, encrypted, wrapped_key, blob_key)
       VALUES ($1, $2, 'Security.evtx', 1024, $3, 'private', true, $4, $5) RETURNING *`,
      [randomUUID(), user.id, 'a'.repeat(64), Buffer.alloc(60, 7), randomUUID()],
    ),
  );
  ratios.push(['file insert', insert, insertRaw]);

  const list = await timed(`files.listByOwner (${2 * n} rows, @quarry/db)`, 20, () => files.listByOwner(db, user.id));
  const listRaw = await timed(`same SELECT (${2 * n} rows, pg)`, 20, () =>
    raw.query('SELECT * FROM files WHERE owner_id = $1 ORDER BY created_at, id', [user.id]),
  );
  ratios.push(['file listing', list, listRaw]);

  console.log('\nthroughput ratio @quarry/db / pg (1.00 = as fast as hand-written pg):');
  for (const [label, ours, theirs] of ratios) console.log(`  ${label.padEnd(14)} ${(ours / theirs).toFixed(2)}`);
} finally {
  await raw.end();
  await db.close();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
}
