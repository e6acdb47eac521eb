import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { DevstackError, startPostgres, startTemporal } from '../src/index.js';

const log = createLogger('devstack-test', { level: 'silent' });
const root = mkdtempSync(join(tmpdir(), 'quarry-damaged-'));
// As root, PostgreSQL runs as the postgres user, which must pass through this directory.
chmodSync(root, 0o711);
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = (): string => {
  const dir = join(root, String(n++));
  mkdirSync(dir);
  return dir;
};

describe('damaged local state', () => {
  test('a malformed pg.json is refused with its path', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'pg.json'), '{"user":"postgres"}');
    await expect(startPostgres({ dataDir: dir })).rejects.toThrow(new DevstackError('postgres', `${join(dir, 'pg.json')} is malformed`));
  });

  test('a cluster whose pg.json was lost is refused with the way out', async () => {
    const dir = freshDir();
    const first = await startPostgres({ dataDir: dir, ephemeral: true });
    await first.stop();
    rmSync(join(dir, 'pg.json'));
    await expect(startPostgres({ dataDir: dir })).rejects.toThrow(/pg\.json is missing; remove .*\/pg to start afresh/);
  });

  test('the remains of an interrupted initdb are replaced by a fresh cluster', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'pg', 'base'), { recursive: true });
    writeFileSync(join(dir, 'pg', 'half-written'), 'x');
    const server = await startPostgres({ dataDir: dir, ephemeral: true });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('select current_database() as db')).rows).toEqual([{ db: 'quarry' }]);
      await client.end();
    } finally {
      await server.stop();
    }
  });

  test.skipIf(process.getuid?.() !== 0)('as root, an ancestor the postgres user cannot enter is reported', async () => {
    const locked = freshDir();
    chmodSync(locked, 0o700);
    const dataDir = join(locked, 'data');
    mkdirSync(dataDir);
    await expect(startPostgres({ dataDir })).rejects.toThrow(`cannot enter ${locked}; run as a normal user`);
  });

  test('a Temporal CLI that dies at start is reported with its output', async () => {
    const dir = freshDir();
    const cli = join(dir, 'fake-temporal');
    writeFileSync(cli, '#!/bin/sh\necho "unknown flag: --db-filename" >&2\nexit 3\n', { mode: 0o755 });
    const error = await startTemporal({ dataDir: dir, log, cli }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DevstackError);
    expect((error as Error).message).toMatch(/exited while starting:\nunknown flag: --db-filename/);
  });

  test('a torn server.json does not stop the dev server from starting', { timeout: 600_000 }, async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'temporal'));
    writeFileSync(join(dir, 'temporal', 'server.json'), '{"pid": 1, "addr');
    const { freePort } = await import('../src/index.js');
    const server = await startTemporal({ dataDir: dir, log, port: await freePort(), uiPort: await freePort() });
    try {
      expect(server.reused).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
