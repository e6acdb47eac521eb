import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createLogger, workerEnv, workerNodeArgs } from '@quarry/config';
import { JobEvents, createDb, type Db } from '@quarry/db';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { Client, Connection } from '@temporalio/client';
import { connectJobRunner, dataConverterFor, type JobRunner } from '@quarry/temporal';
import { LookupStore } from '@quarry/reference';
import { RecordStores } from '@quarry/store';
import { sharedPath } from '@quarry/testkit';
import { Hunting, Quotas, type HuntingOptions, type QuotaLimits } from '@quarry/api';
import { WORKER_MAIN } from '@quarry/worker/entry';
import { webhookSecretKey } from '@quarry/webhooks';
import { serveRest, type RestDeps } from '../../src/index.js';

export const SAMPLES = sharedPath('samples');

/** Tests that need the real evidence skip without it, and say why. */
export function warnIfNoSamples(): void {
  if (!existsSync(SAMPLES)) console.warn(`skipping evidence tests: ${SAMPLES} is absent (../shared/samples)`);
}

export interface Harness {
  url: string;
  db: Db;
  runner: JobRunner;
  /** A raw client for tests that inspect workflows (histories, states). */
  temporal: Client;
  stack: ReturnType<typeof inject<'stack'>>;
  /** The server's rule sets (its Sigma thread says how often it compiled). */
  hunting: Hunting;
  /** What the server runs its operations with (tests call operations no REST endpoint carries). */
  deps: RestDeps;
  /** `env`: extra worker environment (e.g. QUARRY_SIGMA_RULES for community-rule tests). */
  startWorker(env?: Record<string, string>): Promise<ChildProcess>;
  /** Every log line written so far by the REST server and the worker processes. */
  logText(): string;
  stop(): Promise<void>;
}

/** The REST server in-process on the shared stack, plus worker processes on demand. */
export async function startHarness(
  opts: {
    uploadTimeoutMs?: number;
    jsonBodyDeadlineMs?: number;
    headersTimeoutMs?: number;
    hunting?: HuntingOptions;
    quotas?: QuotaLimits;
    /** QUARRY_WEBHOOK_ALLOW_PRIVATE of the REST server (workers take theirs from startWorker's env). */
    allowPrivateWebhooks?: boolean;
  } = {},
): Promise<Harness> {
  const hunting = new Hunting(opts.hunting);
  const stack = inject('stack');
  const masterKey = Buffer.from(stack.masterKey, 'base64');
  const db = createDb(stack.databaseUrl);
  const runner = await connectJobRunner({ address: stack.temporalAddress, namespace: 'default', masterKey });
  const temporal = new Client({ connection: await Connection.connect({ address: stack.temporalAddress }), dataConverter: dataConverterFor(masterKey) });
  const logs: string[] = [];
  // Log lines are kept (tests look for secrets in them) and still shown.
  const log = createLogger('rest-test', {
    destination: {
      write: (line: string) => {
        logs.push(line);
        process.stdout.write(line);
      },
    },
  });
  const jobEvents = new JobEvents(stack.databaseUrl, { log });
  const deps: RestDeps = {
    db,
    blobs: new FsBlobStore(stack.blobDir),
    runner,
    lookups: new LookupStore(),
    recordStores: new RecordStores(new LocalFiles(join(stack.blobDir, 'record-stores'))),
    log,
    hunting,
    quotas: new Quotas(opts.quotas),
    jobEvents,
    webhooks: { secretKey: webhookSecretKey(masterKey), allowPrivate: opts.allowPrivateWebhooks ?? false },
    health: async () => ({ ok: true, checks: {} }),
    ...(opts.uploadTimeoutMs ? { uploadTimeoutMs: opts.uploadTimeoutMs } : {}),
    ...(opts.jsonBodyDeadlineMs ? { jsonBodyDeadlineMs: opts.jsonBodyDeadlineMs } : {}),
    ...(opts.headersTimeoutMs ? { headersTimeoutMs: opts.headersTimeoutMs } : {}),
  };
  const server = await serveRest(deps, 0);
  const workers: ChildProcess[] = [];
  return {
    url: server.url,
    db,
    runner,
    temporal,
    stack,
    hunting,
    deps,
    async startWorker(extraEnv = {}) {
      const child = spawn(process.execPath, [...workerNodeArgs(), WORKER_MAIN], {
        env: workerEnv({
          ...process.env,
          DATABASE_URL: stack.databaseUrl,
          TEMPORAL_ADDRESS: stack.temporalAddress,
          QUARRY_MASTER_KEY: stack.masterKey,
          QUARRY_DATA_DIR: stack.dataDir,
          BLOB_DIR: stack.blobDir,
          LOG_LEVEL: 'info',
          ...extraEnv,
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      workers.push(child);
      for (const stream of [child.stdout!, child.stderr!]) {
        stream.on('data', (chunk: Buffer) => {
          logs.push(chunk.toString('utf8'));
          process.stdout.write(chunk);
        });
      }
      await waitForLine(child, 'worker ready');
      return child;
    },
    logText: () => logs.join(''),
    async stop() {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await server.close();
      await hunting.close();
      await jobEvents.close();
      await runner.close();
      await temporal.connection.close();
      await db.close();
    },
  };
}

/** Resolves when the process prints a line containing `text` (its readiness log). */
function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`worker did not print "${text}" within 90 s`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code} before it was ready`));
    });
  });
}

export const newClientKey = (): string => randomBytes(32).toString('base64');
