import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { createLogger, loadEnv } from '@quarry/config';
import { DevstackError, startStack } from '../src/index.js';

const log = createLogger('devstack-test', { level: 'warn' });

describe('startStack', () => {
  test('ephemeral: starts PostgreSQL and Temporal on free ports, then removes its data dir', { timeout: 600_000 }, async () => {
    const stack = await startStack({ env: loadEnv({}), log, ephemeral: true });
    try {
      expect(stack.dataDir).not.toBe(loadEnv({}).QUARRY_DATA_DIR);
      expect(statSync(stack.blobDir).isDirectory()).toBe(true);
      expect(stack.masterKey).toHaveLength(32);
      expect(stack.temporalUiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const client = new pg.Client({ connectionString: stack.databaseUrl });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
      const connection = await Connection.connect({ address: stack.temporalAddress });
      await connection.workflowService.getSystemInfo({});
      await connection.close();

      // Pointed at running services, a second stack starts nothing and leaves them alone.
      const env = loadEnv({
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        QUARRY_MASTER_KEY: stack.masterKey.toString('base64'),
      });
      const outer = await startStack({ env, log, ephemeral: true });
      expect(outer).toMatchObject({
        databaseUrl: stack.databaseUrl,
        temporalAddress: stack.temporalAddress,
        temporalUiUrl: null,
      });
      expect(outer.masterKey.equals(stack.masterKey)).toBe(true);
      expect(existsSync(`${outer.dataDir}/pg`)).toBe(false);
      await outer.stop();
      expect(existsSync(outer.dataDir)).toBe(false);
      const still = await Connection.connect({ address: stack.temporalAddress });
      await still.close();
    } finally {
      await stack.stop();
    }
    expect(existsSync(stack.dataDir)).toBe(false);
  });
});

/** Pids of live processes whose command line mentions `marker`. */
function processesMentioning(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(!existsSync('/proc'))('startStack failure', () => {
  test('when PostgreSQL cannot start, the Temporal server started beside it is stopped', { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-stack-fail-'));
    try {
      writeFileSync(join(dataDir, 'pg.json'), 'not json at all');
      const error = await startStack({ env: loadEnv({ QUARRY_DATA_DIR: dataDir }), log }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DevstackError);
      expect((error as Error).message).toBe(`postgres: ${join(dataDir, 'pg.json')} is malformed`);
      // The server did start (it made its store) and is gone again.
      expect(existsSync(join(dataDir, 'temporal', 'temporal.db'))).toBe(true);
      expect(processesMentioning(join(dataDir, 'temporal', 'temporal.db'))).toEqual([]);
      expect(existsSync(join(dataDir, 'temporal', 'server.json'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
