#!/usr/bin/env node
/**
 * Worker process. Connects to the PostgreSQL, Temporal and blob store named by the environment
 * (the start script passes the embedded ones) and runs until SIGINT/SIGTERM.
 */
import { createLogger, loadEnv } from '@quarry/config';
import { ensureMasterKey } from '@quarry/devstack';
import { createDb, ping } from '@quarry/db';
import { cachedBlobCheck, createBlobStore } from '@quarry/storage';
import { CpuBudget } from './cpu-budget.js';
import { startWorker } from './start-worker.js';
import { startHealthServer } from './health-server.js';
import { CommunityPacks, configureSigmaRules, sigmaRuleDirs, yaraRuleDirs } from '@quarry/insights';
import { ScanPool } from '@quarry/yara';
import { LookupStore } from '@quarry/reference';
import { recordStoresBeside } from '@quarry/store';

const env = loadEnv();
const log = createLogger('worker');
if (!env.DATABASE_URL || !env.TEMPORAL_ADDRESS) {
  log.error('DATABASE_URL and TEMPORAL_ADDRESS must be set for a standalone worker (npm start sets them)');
  process.exit(2);
}
configureSigmaRules(sigmaRuleDirs({ sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: env.QUARRY_DATA_DIR }));
const db = createDb(env.DATABASE_URL);
// The blob store (BLOB_URL or BLOB_DIR) is checked before polling: a worker that cannot read
// evidence must not take jobs.
const blobs = await createBlobStore(env).catch((err: unknown) => {
  log.error({ err }, 'the blob store is not usable');
  process.exit(2);
});
// YARA file scans run in scan worker processes (one per core); each compiles a pack once and keeps it.
const cpu = new CpuBudget();
const yara = { pool: new ScanPool({ size: cpu.cores }), packs: new CommunityPacks(yaraRuleDirs({ yaraRules: env.QUARRY_YARA_RULES, dataDir: env.QUARRY_DATA_DIR })) };
const worker = await startWorker({
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  masterKey: ensureMasterKey(env.QUARRY_DATA_DIR, env.QUARRY_MASTER_KEY),
  deps: { db, blobs, log, cpu, recordStores: recordStoresBeside(env.BLOB_DIR), lookups: new LookupStore(), yara },
});
// Probes for orchestrators: live while the process runs, ready while Temporal, PostgreSQL and the blob store answer.
const blobsReady = cachedBlobCheck(blobs);
const health = env.WORKER_HEALTH_PORT === undefined ? null : await startHealthServer({
  port: env.WORKER_HEALTH_PORT,
  host: env.WORKER_HEALTH_HOST,
  checks: async () => ({ temporal: await worker.isConnected(), postgres: await ping(db).then(() => true, () => false), blobs: await blobsReady() }),
});
log.info({ blobs: blobs.location, ...(health ? { healthPort: health.port } : {}) }, 'worker ready');
const stop = () => void worker.shutdown();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await worker.done;
await health?.close();
await yara.pool.close();
await db.close();
