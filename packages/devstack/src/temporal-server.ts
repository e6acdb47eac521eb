import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from '@temporalio/client';
import type { Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { freePort, isPortFree } from './ports.js';
import { isOurProcess, RecentLines, sleep, stopChild } from './processes.js';
import { ensureTemporalCli } from './temporal-cli.js';

const DEFAULT_PORT = 7233;
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;

/**
 * Dynamic configuration for the dev server. `matching.useNewMatcher` turns on the matcher that
 * honours task priority (Server 1.29 defaults it to false and then serves FIFO). One partition
 * per task queue: priority is ordered within a partition, and with the default four a
 * lower-priority task in one partition is served before a higher one in another; a single
 * local server gains nothing from partitions.
 */
export const TEMPORAL_DYNAMIC_CONFIG: Readonly<Record<string, unknown>> = {
  'matching.useNewMatcher': true,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

export interface StartTemporalOptions {
  /** The data root: the SQLite store is `<dataDir>/temporal/temporal.db`. */
  dataDir: string;
  /** Frontend gRPC port; defaults to 7233, or a free port when 7233 is taken. */
  port?: number;
  /** Web UI port; defaults to port + 1000, or a free port when that is taken. */
  uiPort?: number;
  /** Namespace to create besides `default`. */
  namespace?: string;
  log: Logger;
  /** Path of the Temporal CLI; defaults to `ensureTemporalCli(log)`. */
  cli?: string;
}

export interface RunningTemporal {
  address: string;
  uiUrl: string;
  /** True when another process of ours already ran this server; `stop` then leaves it running. */
  reused: boolean;
  stop(): Promise<void>;
}

interface ServerRecord {
  pid: number;
  address: string;
  uiUrl: string;
}

/**
 * Starts `temporal server start-dev` on a persistent SQLite file under `dataDir` and resolves
 * once the frontend answers and the namespace exists; reuses a server of ours already running
 * on that file.
 */
export async function startTemporal(options: StartTemporalOptions): Promise<RunningTemporal> {
  const { log } = options;
  const namespace = options.namespace ?? 'default';
  const dir = join(options.dataDir, 'temporal');
  const dbFile = join(dir, 'temporal.db');
  const recordFile = join(dir, 'server.json');
  mkdirSync(dir, { recursive: true });

  const previous = readRecord(recordFile);
  if (previous && isOurProcess(previous.pid, dbFile)) {
    log.info({ pid: previous.pid, address: previous.address }, 'reusing the running Temporal dev server');
    await waitUntilReady(previous.address, namespace, () => undefined);
    return { address: previous.address, uiUrl: previous.uiUrl, reused: true, stop: async () => undefined };
  }

  const cli = options.cli ?? (await ensureTemporalCli(log));
  const port = options.port ?? ((await isPortFree(DEFAULT_PORT)) ? DEFAULT_PORT : await freePort());
  const uiPort = await choosePort(options.uiPort ?? port + 1000, options.uiPort !== undefined, log);
  const args = [
    ...['server', 'start-dev', '--db-filename', dbFile],
    ...['--ip', '127.0.0.1', '--port', String(port), '--ui-port', String(uiPort)],
    ...['--log-level', 'warn', '--log-format', 'json'],
    ...Object.entries(TEMPORAL_DYNAMIC_CONFIG).flatMap(([k, v]) => ['--dynamic-config-value', `${k}=${JSON.stringify(v)}`]),
    ...(namespace === 'default' ? [] : ['--namespace', namespace]),
  ];
  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new RecentLines();
  const relay = (chunk: Buffer): void => {
    for (const line of output.push(chunk.toString('utf8'))) log.debug({ temporal: line });
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const terminate = stopChild(child, 'SIGTERM', 'SIGKILL', STOP_GRACE_MS);

  const address = `127.0.0.1:${port}`;
  const uiUrl = `http://127.0.0.1:${uiPort}`;
  try {
    await waitUntilReady(address, namespace, () => {
      if (spawnError) throw new DevstackError('temporal', `cannot run ${cli}`, { cause: spawnError });
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new DevstackError('temporal', `the dev server exited while starting:\n${output}`);
      }
    });
  } catch (error) {
    await terminate();
    throw error;
  }
  writeRecord(recordFile, { pid: child.pid ?? 0, address, uiUrl });
  log.info({ address, uiUrl, pid: child.pid }, 'Temporal dev server started');

  let stopping: Promise<void> | undefined;
  return {
    address,
    uiUrl,
    reused: false,
    stop: () =>
      (stopping ??= terminate().then(() => {
        if (readRecord(recordFile)?.pid === child.pid) rmSync(recordFile, { force: true });
      })),
  };
}

async function choosePort(wanted: number, explicit: boolean, log: Logger): Promise<number> {
  if (await isPortFree(wanted)) return wanted;
  if (explicit) throw new DevstackError('temporal', `port ${wanted} is in use`);
  const port = await freePort();
  log.warn({ wanted, port }, 'Temporal UI port in use; using another');
  return port;
}

/** Polls the frontend until getSystemInfo answers and the namespace is registered. */
async function waitUntilReady(address: string, namespace: string, check: () => void): Promise<void> {
  // Loaded here, not at the top: most importers of this package (the worker, the admin CLI) never
  // start Temporal and should not pay the client's start-up time.
  const { Connection } = await import('@temporalio/client');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    check();
    let connection: Connection | undefined;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.workflowService.describeNamespace({ namespace });
      return;
    } catch (error) {
      last = error;
    } finally {
      await connection?.close().catch(() => undefined);
    }
    await sleep(250);
  }
  throw new DevstackError('temporal', `no answer from ${address} within ${READY_TIMEOUT_MS / 1000} s`, { cause: last });
}

function readRecord(file: string): ServerRecord | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerRecord>;
    if (typeof value.pid === 'number' && typeof value.address === 'string' && typeof value.uiUrl === 'string') {
      return { pid: value.pid, address: value.address, uiUrl: value.uiUrl };
    }
  } catch {
    // A torn or hand-edited record only means we cannot reuse; a fresh server overwrites it.
  }
  return undefined;
}

function writeRecord(file: string, record: ServerRecord): void {
  writeFileSync(file, `${JSON.stringify(record)}\n`);
}
