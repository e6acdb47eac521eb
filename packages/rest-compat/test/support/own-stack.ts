import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, workerEnv, workerNodeArgs } from '@quarry/config';
import { JobEvents, createDb, migrate, type Db } from '@quarry/db';
import { ensureMasterKey, freePort, startPostgres, startTemporal, type RunningPostgres, type RunningTemporal } from '@quarry/devstack';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { connectJobRunner, type JobRunner } from '@quarry/temporal';
import { LookupStore } from '@quarry/reference';
import { RecordStores } from '@quarry/store';
import { Hunting, Quotas } from '@quarry/api';
import { WORKER_MAIN } from '@quarry/worker/entry';
import { serveRest } from '../../src/index.js';
import { webhookSecretKey } from '@quarry/webhooks';

const apiMain = fileURLToPath(new URL('../../bench/upload-server.ts', import.meta.url));
const log = createLogger('own-stack', { level: 'warn' });

/** Resolves when the child prints `text` (its readiness line); its output is drained after that. */
function readyLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within 90 s`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      seen = (seen + d.toString()).slice(-4096);
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${text}"`));
    });
  });
}

/** The postmaster's pid (first line of postmaster.pid) and the dev server's (server.json). */
const postmasterPid = (dataDir: string): number | undefined => {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined : undefined;
};
const temporalPid = (dataDir: string): number | undefined => {
  const file = join(dataDir, 'temporal', 'server.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid?: number }).pid : undefined;
};

/**
 * A PostgreSQL and a Temporal dev server of this test's own (never the shared stack), on fixed
 * ports and a fixed data directory, so each can be stopped and started again in place while the
 * REST server and the workers keep running.
 */
export interface OwnStack {
  url: string;
  db: Db;
  dataDir: string;
  blobDir: string;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stopTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  startWorker(): Promise<ChildProcess>;
  /** The REST server in a process of its own (bench/upload-server.ts), so it can be killed -9. */
  startApi(): Promise<{ url: string; child: ChildProcess }>;
  /** kill -9 of everything: workers, REST processes, PostgreSQL and the Temporal server. */
  killAll(): void;
  stop(): Promise<void>;
}

/**
 * `durable`: PostgreSQL with its production settings (fsync, synchronous commit), for tests that
 * kill it -9 and count what survives; otherwise the tests' fast settings, under which a commit
 * acknowledged just before a crash may be lost (synchronous_commit=off).
 */
export async function startOwnStack(opts: { durable?: boolean; prepareBlobDir?: (dir: string) => void } = {}): Promise<OwnStack> {
  const ephemeral = !opts.durable;
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-faults-'));
  const blobDir = join(dataDir, 'blobs');
  mkdirSync(blobDir, { recursive: true });
  // E.g. a small filesystem mounted there, to fill the disk.
  opts.prepareBlobDir?.(blobDir);
  const masterKey = ensureMasterKey(dataDir, undefined);
  const pgPort = await freePort();
  const temporalPort = await freePort();
  const uiPort = await freePort();
  let pg: RunningPostgres | undefined = await startPostgres({ dataDir, port: pgPort, ephemeral, log });
  let temporal: RunningTemporal | undefined = await startTemporal({ dataDir, port: temporalPort, uiPort, log });
  await migrate(pg.url);
  const databaseUrl = pg.url;
  const db = createDb(databaseUrl);
  const runner: JobRunner = await connectJobRunner({ address: temporal.address, namespace: 'default', masterKey });
  const hunting = new Hunting();
  const jobEvents = new JobEvents(databaseUrl);
  const server = await serveRest(
    {
      db,
      blobs: new FsBlobStore(blobDir),
      runner,
      lookups: new LookupStore(),
      recordStores: new RecordStores(new LocalFiles(join(blobDir, 'record-stores'))),
      log: createLogger('rest-faults', { level: 'warn' }),
      hunting,
      quotas: new Quotas(),
      jobEvents,
      webhooks: { secretKey: webhookSecretKey(masterKey), allowPrivate: false },
      health: async () => ({ ok: true, checks: {} }),
    },
    0,
  );
  const workers: ChildProcess[] = [];
  const childEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    QUARRY_MASTER_KEY: masterKey.toString('base64'),
    QUARRY_DATA_DIR: dataDir,
    BLOB_DIR: blobDir,
  };
  return {
    url: server.url,
    db,
    dataDir,
    blobDir,
    async stopPostgres() {
      await pg?.stop();
      pg = undefined;
    },
    async startPostgres() {
      pg = await startPostgres({ dataDir, port: pgPort, ephemeral, log });
    },
    async stopTemporal() {
      await temporal?.stop();
      temporal = undefined;
    },
    async startTemporal() {
      temporal = await startTemporal({ dataDir, port: temporalPort, uiPort, log });
    },
    async startWorker() {
      const child = spawn(process.execPath, [...workerNodeArgs(), WORKER_MAIN], {
        env: workerEnv({ ...childEnv, LOG_LEVEL: 'info' }),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      workers.push(child);
      await readyLine(child, 'worker ready');
      return child;
    },
    async startApi() {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', apiMain], {
        env: { ...childEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      workers.push(child);
      await readyLine(child, 'listening');
      return { url: `http://127.0.0.1:${port}`, child };
    },
    killAll() {
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
      for (const pid of [postmasterPid(dataDir), temporalPid(dataDir)]) if (pid) process.kill(pid, 'SIGKILL');
      pg = undefined;
      temporal = undefined;
    },
    async stop() {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await server.close();
      await hunting.close();
      await jobEvents.close();
      await runner.close().catch(() => undefined);
      await db.close();
      await temporal?.stop();
      await pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
