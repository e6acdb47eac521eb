#!/usr/bin/env node
/**
 * Worker process. Connects to the PostgreSQL, Temporal and blob store named by the environment
 * (the start script passes the embedded ones) and runs until SIGINT/SIGTERM.
 */
import { getHeapStatistics } from 'node:v8';
import { createLogger, loadEnv } from '@quarry/config';
import { ensureMasterKey } from '@quarry/devstack';
import { createDb, ping } from '@quarry/db';
import { cachedBlobCheck, createBlobStore, dropDeletedHourly, openSharedFiles } from '@quarry/storage';
import { CpuBudget } from './cpu-budget.js';
import { MemoryBudget } from './memory-budget.js';
import { startWorker } from './start-worker.js';
import { startHealthServer } from './health-server.js';
import { SigmaRuleSet, YaraRuleSet, sigmaRuleDirs, yaraRuleDirs } from '@quarry/hunting';
import { ScanPool } from '@quarry/yara';
import { LookupStore } from '@quarry/reference';
import { RecordStores } from '@quarry/store';
import { closeThreadPool } from '@quarry/threads';
import { webhookSecretKey } from '@quarry/webhooks';

const STALE_BUILD_MS = 10 * 60 * 1000;

const env = loadEnv();
const log = createLogger('worker');
if (!env.DATABASE_URL || !env.TEMPORAL_ADDRESS) {
  log.error('DATABASE_URL and TEMPORAL_ADDRESS must be set for a standalone worker (npm start sets them)');
  process.exit(2);
}
const db = createDb(env.DATABASE_URL);
// The blob store (BLOB_URL or BLOB_DIR) is checked before polling: a worker that cannot read
// evidence must not take jobs.
const blobs = await createBlobStore(env).catch((err: unknown) => {
  log.error({ err }, 'the blob store is not usable');
  process.exit(2);
});
// Record stores are built here and published beside the blobs (the object store, or BLOB_DIR/record-stores).
const recordStores = new RecordStores(
  await openSharedFiles(blobs, { cacheDir: env.QUARRY_CACHE_DIR, maxBytes: env.QUARRY_CACHE_MAX_MB * 2 ** 20 }).catch((err: unknown) => {
    log.error({ err }, 'the record-store directory is not usable');
    process.exit(2);
  }),
);
// Builds a killed run of this worker left (a retried job builds anew); the age spares other
// workers' builds when the scratch directory is on a shared volume.
void recordStores
  .removeStaleBuilds(Date.now() - STALE_BUILD_MS)
  .catch((err: unknown) => log.warn({ err }, 'unfinished record-store builds could not be removed'));
// The stores this worker published stay in its cache; those of jobs deleted since leave within the hour.
const stopDropping = dropDeletedHourly(recordStores.files, log);
// YARA file scans run in scan worker processes (one per core); each compiles a pack once and keeps it.
const cpu = new CpuBudget();
const yara = {
  pool: new ScanPool({ size: cpu.cores }),
  packs: new YaraRuleSet(yaraRuleDirs({ yaraRules: env.QUARRY_YARA_RULES, dataDir: env.QUARRY_DATA_DIR })),
};
// Parse jobs start when their estimated memory fits beside the running ones' (slots alone let four
// large jobs past the heap bound). By default the budget is the main thread's heap bound: a job's
// memory is mostly that heap's, and past it V8 ends the process.
const memory = new MemoryBudget((env.WORKER_JOB_MEMORY_MB ?? getHeapStatistics().heap_size_limit / 2 ** 20) * 2 ** 20);
// The process's one Sigma set (compiled again when its files change). Compiled here, before any
// job: compiling SigmaHQ's set blocks this thread for seconds (10-21 s on a busy machine), and
// during a job that silenced every running activity's heartbeats past their timeout.
const sigma = new SigmaRuleSet(sigmaRuleDirs({ sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: env.QUARRY_DATA_DIR }));
sigma.current();
const skipRecordStores = env.QUARRY_BENCH_SKIP_RECORD_STORES === true;
if (skipRecordStores) log.warn('QUARRY_BENCH_SKIP_RECORD_STORES: parse jobs build no record store (a benchmark setting; their searches find nothing)');
const masterKey = ensureMasterKey(env.QUARRY_DATA_DIR, env.QUARRY_MASTER_KEY);
// Signing secrets open under a key derived from the master key, as the API sealed them.
const webhooks = { secretKey: webhookSecretKey(masterKey), allowPrivate: env.QUARRY_WEBHOOK_ALLOW_PRIVATE === true };
const worker = await startWorker({
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  masterKey,
  deps: { db, blobs, log, cpu, memory, recordStores, skipRecordStores, lookups: new LookupStore(), yara, sigma, webhooks },
});
// Probes for orchestrators: live while the process runs, ready while Temporal, PostgreSQL and the blob store answer.
const blobsReady = cachedBlobCheck(blobs);
const health =
  env.WORKER_HEALTH_PORT === undefined
    ? null
    : await startHealthServer({
        port: env.WORKER_HEALTH_PORT,
        host: env.WORKER_HEALTH_HOST,
        checks: async () => ({
          temporal: await worker.isConnected(),
          postgres: await ping(db).then(
            () => true,
            () => false,
          ),
          blobs: await blobsReady(),
        }),
      });
// The heap bound is a start-up option (workerNodeArgs): say which one this process got.
const heapLimitMiB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
log.info(
  { blobs: blobs.location, heapLimitMiB, jobMemoryMiB: Math.round(memory.bytes / 2 ** 20), ...(health ? { healthPort: health.port } : {}) },
  'worker ready',
);
const stop = () => void worker.shutdown();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await worker.done;
stopDropping();
await health?.close();
await yara.pool.close();
await closeThreadPool();
await db.close();
