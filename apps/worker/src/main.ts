#!/usr/bin/env node
/**
 * Worker process. Connects to the PostgreSQL, Temporal and blob store named by the environment
 * (the start script passes the embedded ones) and runs until SIGINT/SIGTERM.
 */
import { createLogger, loadEnv } from '@quarry/config';
import { ensureMasterKey } from '@quarry/devstack';
import { createDb } from '@quarry/db';
import { FsBlobStore } from '@quarry/storage';
import { CpuBudget } from './cpu-budget.js';
import { startWorker } from './start-worker.js';
import { configureSigmaRules, sigmaRuleDirs } from '@quarry/insights';

const env = loadEnv();
const log = createLogger('worker');
if (!env.DATABASE_URL || !env.TEMPORAL_ADDRESS) {
  log.error('DATABASE_URL and TEMPORAL_ADDRESS must be set for a standalone worker (npm start sets them)');
  process.exit(2);
}
configureSigmaRules(sigmaRuleDirs({ sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: env.QUARRY_DATA_DIR }));
const db = createDb(env.DATABASE_URL);
const worker = await startWorker({
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  masterKey: ensureMasterKey(env.QUARRY_DATA_DIR, env.QUARRY_MASTER_KEY),
  deps: { db, blobs: new FsBlobStore(env.BLOB_DIR), log, cpu: new CpuBudget() },
});
log.info('worker ready');
const stop = () => void worker.shutdown();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await worker.done;
await db.close();
