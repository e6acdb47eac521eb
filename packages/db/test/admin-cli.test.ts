import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, hashToken, tokens, users, type Db } from '../src/index.js';
import { freshDatabase } from './support/database.js';

// The CLI runs compiled (the root test command builds first; locally: npm run build -w @quarry/db).
const cli = fileURLToPath(new URL('../dist/cli/admin.js', import.meta.url));
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  lastLine: string;
}

function run(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) {
    if (v !== undefined) childEnv[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      const lines = stdout.trimEnd().split('\n');
      resolve({ status, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
    });
  });
}

describe('admin CLI against DATABASE_URL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Db;
  const env = () => ({ DATABASE_URL: url });

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase());
    db = createDb(url);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  test('user create migrates a fresh database and prints a working token alone on the last line', async () => {
    const r = await run(['user', 'create', '--name', 'Grace Hopper', '--tier', 'enterprise'], env());
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.lastLine).toMatch(UUID_V4);
    const found = await users.getByTokenHash(db, hashToken(r.lastLine));
    expect(found?.user).toMatchObject({ name: 'Grace Hopper', tier: 'enterprise' });

    const list = await run(['user', 'list'], env());
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(found!.user.id);
    expect(list.stdout).toContain('Grace Hopper');
    expect(list.stdout).not.toContain(r.lastLine);
  });

  test('token create issues another token for the user; token revoke disables one', async () => {
    const user = await users.create(db, { name: 'Linus', tier: 'free' });
    const r = await run(['token', 'create', '--user', user.id, '--label', 'laptop'], env());
    expect(r.status).toBe(0);
    expect(r.lastLine).toMatch(UUID_V4);
    const found = await users.getByTokenHash(db, hashToken(r.lastLine));
    expect(found?.user.id).toBe(user.id);
    expect((await tokens.listByUser(db, user.id))[0]?.label).toBe('laptop');

    await tokens.markUsed(db, found!.tokenId, new Date('2026-05-04T03:02:01.000Z'));
    const listed = await run(['token', 'list', '--user', user.id], env());
    expect(listed.status).toBe(0);
    const row = listed.stdout.split('\n').find((l) => l.startsWith(found!.tokenId))!;
    expect(row).toContain('2026-05-04T03:02:01.000Z');
    expect(row).toContain('laptop');
    expect(listed.stdout).not.toContain(r.lastLine);

    const revoke = await run(['token', 'revoke', '--id', found!.tokenId], env());
    expect(revoke.status).toBe(0);
    expect(await users.getByTokenHash(db, hashToken(r.lastLine))).toBeNull();
  });

  test('mistakes exit non-zero with a message and change nothing', async () => {
    const before = (await users.list(db)).length;
    const badTier = await run(['user', 'create', '--name', 'x', '--tier', 'gold'], env());
    expect(badTier.status).toBe(2);
    expect(badTier.stderr).toContain('--tier must be one of free, pro, enterprise');
    expect(badTier.stdout).toBe('');

    const noName = await run(['user', 'create', '--tier', 'pro'], env());
    expect(noName.status).toBe(2);
    expect(noName.stderr).toContain('--name is required');

    const unknown = await run(['user', 'delete'], env());
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command: user delete');

    const noUser = await run(['token', 'create', '--user', '00000000-0000-4000-8000-000000000000'], env());
    expect(noUser.status).toBe(1);
    expect(noUser.stderr).toContain('no user with id');

    expect((await users.list(db)).length).toBe(before);
  });
});

describe('admin CLI on the embedded default database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test('starts the embedded PostgreSQL under QUARRY_DATA_DIR, and the user persists across runs', async () => {
    const env = { DATABASE_URL: undefined, QUARRY_DATA_DIR: dataDir };
    const created = await run(['user', 'create', '--name', 'Embedded', '--tier', 'pro'], env);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.lastLine).toMatch(UUID_V4);
    const id = /created user ([0-9a-f-]{36})/.exec(created.stdout)?.[1];
    expect(id).toMatch(UUID_V4);

    const list = await run(['user', 'list'], env);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`${id}  pro`);
  });
});
