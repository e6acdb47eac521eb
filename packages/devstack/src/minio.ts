import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { ensureMinio } from './minio-binary.js';
import { freePort } from './ports.js';
import { RecentLines, sleep, stopChild } from './processes.js';

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface StartMinioOptions {
  /** Where MinIO keeps the objects (one drive, plain files: tests read it to look for plaintext). */
  dataDir: string;
  /** S3 API port on 127.0.0.1; a free one by default. */
  port?: number;
  log: Logger;
  /** Path of the minio binary; defaults to `ensureMinio(log)`. */
  bin?: string;
}

export interface RunningMinio {
  /** `http://127.0.0.1:<port>`: the S3 endpoint (path-style). */
  endpoint: string;
  /** The root credentials, made up for this server. */
  accessKeyId: string;
  secretAccessKey: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts a single-drive MinIO server on loopback with fresh root credentials and resolves once
 * its readiness endpoint answers. For tests and benchmarks: a real S3 server, not a mock.
 */
export async function startMinio(options: StartMinioOptions): Promise<RunningMinio> {
  const { log, dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const bin = options.bin ?? (await ensureMinio(log));
  const port = options.port ?? (await freePort());
  const consolePort = await freePort();
  const accessKeyId = `quarry${randomBytes(4).toString('hex')}`;
  const secretAccessKey = randomBytes(18).toString('base64url');
  const child = spawn(bin, ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'], {
    // Only what MinIO needs: its credentials through the environment, never the command line.
    env: { MINIO_ROOT_USER: accessKeyId, MINIO_ROOT_PASSWORD: secretAccessKey, MINIO_BROWSER: 'off', MINIO_UPDATE: 'off', HOME: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new RecentLines();
  const relay = (chunk: Buffer): void => {
    for (const line of output.push(chunk.toString('utf8'))) log.debug({ minio: line });
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const stop = stopChild(child, 'SIGTERM', 'SIGKILL', STOP_GRACE_MS);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, () => {
      if (spawnError) throw new DevstackError('minio', `cannot run ${bin}`, { cause: spawnError });
      if (child.exitCode !== null || child.signalCode !== null) throw new DevstackError('minio', `the server exited while starting:\n${output}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  log.info({ endpoint, pid: child.pid }, 'MinIO started');
  return { endpoint, accessKeyId, secretAccessKey, dataDir, stop };
}

/** MinIO's own readiness probe answers 200 once the drive is initialised. */
async function waitUntilReady(endpoint: string, check: () => void): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    check();
    try {
      const res = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = new Error(`HTTP ${res.status}`);
    } catch (error) {
      last = error;
    }
    await sleep(200);
  }
  throw new DevstackError('minio', `no answer from ${endpoint} within ${READY_TIMEOUT_MS / 1000} s`, { cause: last });
}
