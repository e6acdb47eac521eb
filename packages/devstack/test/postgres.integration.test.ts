import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { DevstackError, freePort, startPostgres } from '../src/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'quarry-pg-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  return query(url, 'select 1').then(
    () => true,
    () => false,
  );
}

describe('startPostgres', () => {
  test('initialises, serves database quarry, is reused while running, and keeps data across restarts', async () => {
    const first = await startPostgres({ dataDir, ephemeral: true });
    try {
      expect(first.reused).toBe(false);
      expect(first.url).toMatch(/^postgresql:\/\/postgres:[0-9a-f]{48}@127\.0\.0\.1:\d+\/quarry$/);
      expect(await query(first.url, 'select 1 as one, current_database() as db')).toEqual([{ one: 1, db: 'quarry' }]);
      await query(first.url, "create table marker (v text); insert into marker values ('kept')");

      const credentials = join(dataDir, 'pg.json');
      expect(statSync(credentials).mode & 0o777).toBe(0o600);
      expect(first.url).toContain(JSON.parse(readFileSync(credentials, 'utf8')).password);

      // A second caller (the admin CLI beside the running service) gets the same cluster...
      const second = await startPostgres({ dataDir });
      expect(second).toMatchObject({ reused: true, url: first.url });
      // ...and its stop leaves the owner's cluster running.
      await second.stop();
      expect(await answers(first.url)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(await answers(first.url)).toBe(false);

    const again = await startPostgres({ dataDir, ephemeral: true });
    try {
      expect(again.reused).toBe(false);
      expect(await query(again.url, 'select v from marker')).toEqual([{ v: 'kept' }]);
    } finally {
      await again.stop();
    }
  });

  test('an explicit port that is taken is refused', async () => {
    const port = await freePort();
    const blocker = await startPostgres({ dataDir: join(dataDir, 'other'), port, ephemeral: true });
    try {
      await expect(startPostgres({ dataDir: join(dataDir, 'third'), port })).rejects.toThrow(DevstackError);
    } finally {
      await blocker.stop();
    }
  });
});
