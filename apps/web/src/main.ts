#!/usr/bin/env node
/**
 * `npm start`: brings the whole service up on embedded defaults (or on the servers the
 * environment names) and stays in the foreground until interrupted.
 */
import { createLogger, inheritedEnv, loadEnv } from '@quarry/config';
import { startStack } from '@quarry/devstack';
import { createDb, migrate } from '@quarry/db';
import { Hunting, Quotas, graphqlHandler, quotaLimitsFrom, trpcHandler } from '@quarry/api';
import { createRestApp } from '@quarry/rest-compat';
import { FsBlobStore } from '@quarry/storage';
import { connectJobRunner } from '@quarry/temporal';
import { LookupStore } from '@quarry/reference';
import { recordStoresBeside } from '@quarry/store';
import { configureSigmaRules, sigmaRuleDirs } from '@quarry/insights';
import { healthCheck } from './health.js';
import { startWebServer } from './web-server.js';
import { superviseWorker } from './worker-process.js';

const env = loadEnv();
const log = createLogger('quarry');

const stack = await startStack({ env, log });
const { applied } = await migrate(stack.databaseUrl);
if (applied.length) log.info({ applied }, 'database migrated');

const db = createDb(stack.databaseUrl);
const runner = await connectJobRunner({ address: stack.temporalAddress, namespace: env.TEMPORAL_NAMESPACE, masterKey: stack.masterKey });
const worker = superviseWorker(
  inheritedEnv({
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    QUARRY_DATA_DIR: stack.dataDir,
    BLOB_DIR: stack.blobDir,
  }),
  log,
);
const lookups = new LookupStore({ onReloadError: (module, err) => log.error({ module, err }, 'lookup data could not be reloaded; the previous data keeps serving') });
// Search summaries re-run the analyzers (Sigma included) over matching records: same rules as the worker.
configureSigmaRules(sigmaRuleDirs({ sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: env.QUARRY_DATA_DIR }));
// Community YARA/Sigma sets for inline scans and rule retrieval: compiled now, in scan workers, so
// the first requests do not wait (the full community sets take seconds).
const hunting = new Hunting({ yaraRules: env.QUARRY_YARA_RULES, sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: stack.dataDir });
hunting.warm().then(
  () => log.info('community rule sets loaded'),
  (err: unknown) => log.error({ err }, 'community rule sets could not be loaded; inline scans will retry on use'),
);
const deps = { db, blobs: new FsBlobStore(stack.blobDir), runner, lookups, recordStores: recordStoresBeside(stack.blobDir), log, hunting, quotas: new Quotas(quotaLimitsFrom(env)) };
const api = createRestApp({ ...deps, health: healthCheck(db, runner) });
const trpc = trpcHandler(deps);
const graphql = graphqlHandler(deps);
api.all('/api/trpc/*', (c) => trpc(c.req.raw));
api.on(['GET', 'POST'], '/graphql', (c) => graphql(c.req.raw));
const web = await startWebServer({ api, port: env.PORT, host: env.HOST });

const base = `http://${env.HOST}:${env.PORT}`;
console.log(`
Quarry is running.
  API        ${base}   (health: ${base}/healthz)
  Dashboard  ${base}/
  Temporal   ${stack.temporalUiUrl ?? `${stack.temporalAddress} (external; no local UI)`}
Press Ctrl+C to stop.`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info('shutting down');
  await web.close();
  await worker.stop();
  await hunting.close();
  await runner.close();
  await db.close();
  await stack.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
