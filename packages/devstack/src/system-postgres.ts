import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { databaseUrl, newCredentials } from './pg-credentials.js';
import { childLocale, initdb } from './pg-initdb.js';
import { postgresRunAs } from './pg-system-user.js';
import { freePort } from './ports.js';
import { RecentLines, sleep, stopChild } from './processes.js';
import { DATABASE_NAME } from './postgres.js';

const START_TIMEOUT_MS = 60_000;

export interface StartSystemPostgresOptions {
  /** The installation's bin directory, e.g. `/usr/lib/postgresql/15/bin` (Debian's postgresql-15). */
  binDir: string;
  /** A fresh directory for the throwaway cluster (made world-searchable when running as root). */
  dataDir: string;
  log?: Logger;
}

export interface RunningSystemPostgres {
  /** URL of database `quarry`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway cluster on an installed PostgreSQL (not the embedded one), on a free loopback port:
 * proves the service against a PostgreSQL it did not ship. As root the server runs as the
 * `postgres` system user, like the embedded one.
 */
export async function startSystemPostgres(options: StartSystemPostgresOptions): Promise<RunningSystemPostgres> {
  const { binDir, dataDir, log } = options;
  const postgres = join(binDir, 'postgres');
  if (!existsSync(postgres)) throw new DevstackError('postgres', `no PostgreSQL server at ${postgres}`);
  const port = await freePort();
  const credentials = newCredentials(port);
  const runAs = postgresRunAs(log);
  mkdirSync(dataDir, { recursive: true });
  if (runAs) chmodSync(dataDir, 0o711);
  const clusterDir = join(dataDir, 'pg');
  await initdb(join(binDir, 'initdb'), clusterDir, credentials, runAs, true);
  const args = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'];
  const child = spawn(postgres, args, { ...runAs, env: childLocale(), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new RecentLines();
  const relay = (chunk: Buffer): void => void output.push(chunk.toString('utf8'));
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  const stop = stopChild(child, 'SIGINT', 'SIGQUIT', 20_000);
  const admin = databaseUrl(credentials, port, 'postgres');
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new DevstackError('postgres', `the server exited while starting:\n${output}`);
      const client = new pg.Client({ connectionString: admin });
      try {
        await client.connect();
        await client.query(`create database ${DATABASE_NAME}`);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new DevstackError('postgres', `no answer on port ${port}:\n${output}`, { cause: error });
      } finally {
        await client.end().catch(() => undefined);
      }
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log?.info({ port, binDir }, 'system PostgreSQL started');
  return { url: databaseUrl(credentials, port, DATABASE_NAME), stop };
}
