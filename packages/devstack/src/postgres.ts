import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { postgresBinaries } from './pg-binaries.js';
import { databaseUrl, newCredentials, readCredentials, writeCredentials, type PgCredentials } from './pg-credentials.js';
import { childLocale, initdb } from './pg-initdb.js';
import { postgresRunAs, type RunAs } from './pg-system-user.js';
import { freePort, isPortFree } from './ports.js';
import { readPostmaster } from './postmaster-pid.js';
import { isOurProcess, RecentLines, sleep, stopChild } from './processes.js';

export const DATABASE_NAME = 'quarry';
const START_TIMEOUT_MS = 60_000;
// Fast shutdown (SIGINT) rolls back open transactions; after this long, immediate (SIGQUIT).
const STOP_GRACE_MS = 20_000;
/** How long a start waits for a crashed server's processes to let go of the shared memory. */
const SHARED_MEMORY_WAIT_MS = 30_000;
const SHARED_MEMORY_IN_USE = /pre-existing shared memory block .* is still in use/;

export interface StartPostgresOptions {
  /** The data root: the cluster lives in `<dataDir>/pg`, credentials in `<dataDir>/pg.json`. */
  dataDir: string;
  /** Defaults to the port used last time, or a free one. */
  port?: number;
  /** Throwaway cluster (tests): no fsync in initdb or the server, trading durability for speed. */
  ephemeral?: boolean;
  log?: Logger;
}

export interface RunningPostgres {
  /** URL of database `quarry`. */
  url: string;
  /** True when another process of ours already ran the cluster; `stop` then leaves it running. */
  reused: boolean;
  stop(): Promise<void>;
}

/**
 * Starts (initialising once) the embedded PostgreSQL cluster under `dataDir`, or returns the URL
 * of the one another of our processes already runs there.
 */
export async function startPostgres(options: StartPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, log } = options;
  const clusterDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  let credentials = readCredentials(dataDir);

  const running = readPostmaster(clusterDir);
  if (running && credentials && isOurProcess(running.pid, clusterDir)) {
    const url = databaseUrl(credentials, running.port, DATABASE_NAME);
    await waitForServer(url, () => undefined);
    log?.info({ pid: running.pid, port: running.port }, 'reusing the running embedded PostgreSQL');
    return { url, reused: true, stop: async () => undefined };
  }

  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  if (initialised && !credentials) {
    throw new DevstackError('postgres', `${clusterDir} exists but ${join(dataDir, 'pg.json')} is missing; remove ${clusterDir} to start afresh`);
  }
  const port = await choosePort(options.port, credentials);
  if (!credentials || credentials.port !== port) {
    credentials = { ...(credentials ?? newCredentials(port)), port };
    writeCredentials(dataDir, credentials);
  }

  const binaries = await postgresBinaries();
  const runAs = postgresRunAs(log);
  if (runAs) ensureReachable(dataDir, runAs);
  if (!initialised) {
    // A directory without PG_VERSION is the remains of an interrupted initdb.
    rmSync(clusterDir, { recursive: true, force: true });
    log?.info({ clusterDir }, 'initialising the embedded PostgreSQL cluster');
    await initdb(binaries.initdb, clusterDir, credentials, runAs, options.ephemeral === true);
  }

  const args = [
    ...['-D', clusterDir, '-p', String(port)],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  // After a crash (kill -9 of the postmaster) its backends can hold the shared memory for a
  // moment longer, and the new server refuses to start until they are gone: try again meanwhile.
  const url = databaseUrl(credentials, port, DATABASE_NAME);
  const retryUntil = Date.now() + SHARED_MEMORY_WAIT_MS;
  for (;;) {
    const child = spawn(binaries.postgres, args, { ...runAs, env: childLocale(), stdio: ['ignore', 'pipe', 'pipe'] });
    const output = new RecentLines();
    const relay = (chunk: Buffer): void => {
      for (const line of output.push(chunk.toString('utf8'))) log?.debug({ postgres: line });
    };
    child.stdout?.on('data', relay);
    child.stderr?.on('data', relay);
    let spawnError: Error | undefined;
    child.once('error', (error) => (spawnError = error));
    const stop = stopChild(child, 'SIGINT', 'SIGQUIT', STOP_GRACE_MS);
    try {
      await waitForServer(databaseUrl(credentials, port, 'postgres'), () => {
        if (spawnError) throw new DevstackError('postgres', `cannot run ${binaries.postgres}`, { cause: spawnError });
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new DevstackError('postgres', `the server exited while starting:\n${output}`);
        }
      });
      await ensureDatabase(databaseUrl(credentials, port, 'postgres'), DATABASE_NAME);
    } catch (error) {
      await stop();
      if (SHARED_MEMORY_IN_USE.test(String(output)) && Date.now() < retryUntil) {
        log?.info('the previous PostgreSQL processes still hold the shared memory; starting again shortly');
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      throw error;
    }
    log?.info({ port, pid: child.pid }, 'embedded PostgreSQL started');
    return { url, reused: false, stop };
  }
}

async function choosePort(requested: number | undefined, credentials: PgCredentials | undefined): Promise<number> {
  if (requested !== undefined) {
    if (!(await isPortFree(requested))) throw new DevstackError('postgres', `port ${requested} is in use`);
    return requested;
  }
  if (credentials && (await isPortFree(credentials.port))) return credentials.port;
  return freePort();
}

/**
 * The `postgres` system user must be able to pass through every directory down to its cluster.
 * The data root is ours, so we grant it o+x (an mkdtemp dir is 0700); an ancestor we do not
 * touch (say /root, 0700) is reported with the ways out.
 */
function ensureReachable(dataDir: string, runAs: RunAs): void {
  const mode = statSync(dataDir).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001);
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const { mode: m, uid, gid } = statSync(dir);
    const searchable = (m & 0o001) !== 0 || (uid === runAs.uid && (m & 0o100) !== 0) || (gid === runAs.gid && (m & 0o010) !== 0);
    if (!searchable) {
      throw new DevstackError(
        'postgres',
        `running as root, PostgreSQL runs as the postgres user, which cannot enter ${dir}; ` +
          `run as a normal user, set QUARRY_DATA_DIR to a directory it can reach, or chmod o+x ${dir}`,
      );
    }
    if (dirname(dir) === dir) return;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    // Two starters racing: the loser's CREATE DATABASE fails on the unique name; that is fine.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** Polls until the server at `url` answers `select 1`; `check` may throw to give up early. */
async function waitForServer(url: string, check: () => void): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    check();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new DevstackError('postgres', `no answer on port ${new URL(url).port} within ${START_TIMEOUT_MS / 1000} s`, { cause: error });
      }
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
