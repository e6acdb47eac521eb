#!/usr/bin/env node
/**
 * `npm start`: brings the whole service up on embedded defaults (or on the servers the
 * environment names) and stays in the foreground until interrupted.
 */
import { createLogger, inheritedEnv, loadEnv } from '@quarry/config';
import { startStack } from '@quarry/devstack';
import { JobEvents, createDb, migrate } from '@quarry/db';
import { join } from 'node:path';
import { cachedBlobCheck, createBlobStore, dropDeletedHourly, openSharedFiles } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBanner } from './banner.js';
import { healthCheck, readinessCheck, waitUntilHealthy } from './health.js';
import { superviseWorker } from './worker-process.js';

/** How long the start banner waits for a polling worker, then for the rule sets to compile. */
const BANNER_WAIT_MS = 120_000;
const RULES_WAIT_MS = 30_000;

const env = loadEnv();
const log = createLogger('quarry');
// Checked before anything starts: a node that cannot reach its blob store must fail loudly, now.
const blobs = await createBlobStore(env).catch((err: unknown) => {
  log.error({ err }, 'the blob store is not usable');
  process.exit(2);
});

// Record stores beside the blobs: BLOB_DIR/record-stores, or the object store with this node's
// bounded cache (searches fetch a job's store once, then read it locally).
const recordStores = new RecordStores(
  await openSharedFiles(blobs, { cacheDir: env.QUARRY_CACHE_DIR, maxBytes: env.QUARRY_CACHE_MAX_MB * 2 ** 20 }).catch((err: unknown) => {
    log.error({ err }, 'the record-store directory is not usable');
    process.exit(2);
  }),
);

const stack = await startStack({ env, log });
const { applied } = await migrate(stack.databaseUrl);
if (applied.length) log.info({ applied }, 'database migrated');

// The worker starts now, before this process loads the API's modules (seconds of CPU): the two
// load side by side, which is most of a warm start.
// QUARRY_ROLE=api: this node serves the API only; workers run on their own (apps/worker).
const worker =
  env.QUARRY_ROLE === 'api'
    ? null
    : superviseWorker(
        inheritedEnv({
          DATABASE_URL: stack.databaseUrl,
          TEMPORAL_ADDRESS: stack.temporalAddress,
          QUARRY_DATA_DIR: stack.dataDir,
          BLOB_DIR: stack.blobDir,
          // A cache directory is one process's own (it tracks what it holds in memory).
          QUARRY_CACHE_DIR: join(env.QUARRY_CACHE_DIR, 'worker'),
        }),
        log,
        env.WORKER_HEAP_MB,
      );
const [
  { renderGraphiQL },
  { Hunting, Quotas, UploadStaging, quotaLimitsFrom, sweepOrphans },
  { createHttpSurface },
  { connectJobRunner },
  { LookupStore },
  { fetchRuleSetsOnFirstRun, ruleSources },
  { startWebServer },
  { createTusHandler },
  { webhookSecretKey },
] = await Promise.all([
  import('@graphql-yoga/render-graphiql'),
  import('@quarry/api'),
  import('./http-surface.js'),
  import('@quarry/temporal'),
  import('@quarry/reference'),
  import('@quarry/hunting'),
  import('./web-server.js'),
  import('./tus/tus-handler.js'),
  import('@quarry/webhooks'),
]);

const db = createDb(stack.databaseUrl);
const runner = await connectJobRunner({ address: stack.temporalAddress, namespace: env.TEMPORAL_NAMESPACE, masterKey: stack.masterKey });
const lookups = new LookupStore({
  onReloadError: (module, err) => log.error({ module, err }, 'lookup data could not be reloaded; the previous data keeps serving'),
});
// The process's rule sets, one per engine, for inline scans, rule retrieval and search summaries
// (which re-run the analyzers, Sigma included, on the Sigma thread): compiled now, off the event
// loop, so the first requests do not wait (the full community sets take seconds).
const hunting = new Hunting({ yaraRules: env.QUARRY_YARA_RULES, sigmaRules: env.QUARRY_SIGMA_RULES, dataDir: stack.dataDir });
const rulesLoaded = hunting.warm().then(
  (status) => {
    log.info({ sigma: status.sigma.loaded, yara: status.yara.rules }, 'community rule sets loaded');
    return status;
  },
  (err: unknown) => {
    log.error({ err }, 'community rule sets could not be loaded; inline scans will retry on use');
    return undefined;
  },
);
// First start without community rule sets (QUARRY_ROLE=all, the single-command install): fetch
// them in the background as `rules update` does; this process and the worker reload them. Offline,
// one warning says what runs and how to add more.
if (env.QUARRY_ROLE === 'all') {
  const firstRun = fetchRuleSetsOnFirstRun({
    dataDir: stack.dataDir,
    sources: ruleSources({ sigmaRepo: env.QUARRY_SIGMA_RULES_REPO, yaraPackRepos: env.QUARRY_YARA_PACK_REPOS }),
    configuredDirs: [env.QUARRY_SIGMA_RULES, env.QUARRY_YARA_RULES].flatMap((v) => (v ?? '').split(':')).filter(Boolean),
    autoFetch: env.QUARRY_RULES_AUTO_FETCH,
    log: { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg) },
  });
  if (firstRun.started) firstRun.done.catch((err: unknown) => log.error({ err }, 'the first-start rule-set fetch failed'));
}
// One LISTEN connection for this node's job watchers (opened on the first watch).
const jobEvents = new JobEvents(stack.databaseUrl, { log });
// Webhook signing secrets are sealed under a key derived from the master key (docs/operations.md).
const webhooks = { secretKey: webhookSecretKey(stack.masterKey), allowPrivate: env.QUARRY_WEBHOOK_ALLOW_PRIVATE === true };
const deps = { db, blobs, runner, lookups, recordStores, log, hunting, quotas: new Quotas(quotaLimitsFrom(env)), jobEvents, webhooks };
// What a crash left behind (blobs without a row, unpublished record stores) goes, in the background.
void sweepOrphans({ db, blobs, recordStores, log });
// Stores another node deleted (with their jobs) leave this node's cache within the hour.
const stopDropping = dropDeletedHourly(recordStores.files, log);
// Resumable uploads (tus): partial uploads wait, sealed, under the data dir until finished or expired.
const tus = createTusHandler({ db, blobs: deps.blobs, staging: new UploadStaging(join(stack.dataDir, 'uploads')), log });
const stopExpiry = tus.startExpiry();
const api = createHttpSurface({
  rest: { ...deps, health: healthCheck(db, runner) },
  ready: readinessCheck(db, runner, cachedBlobCheck(blobs)),
  tus,
  uiMeta: { temporalUiUrl: stack.temporalUiUrl ?? null },
  // GraphiQL only in development, with its assets served from here (no CDN).
  graphql: env.NODE_ENV === 'development' ? { renderGraphiQL: () => renderGraphiQL({ endpoint: HTTP_PATHS.graphql, title: 'Quarry GraphQL' }) } : {},
});
const web = await startWebServer({ api, port: env.PORT, host: env.HOST });

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info('shutting down');
  stopExpiry();
  stopDropping();
  await web.close();
  await worker?.stop();
  await hunting.close();
  await jobEvents.close();
  await runner.close();
  await db.close();
  await stack.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

// The banner comes last, once a worker polls (or after a bound), so start-up lines do not scroll it away.
const workerReady = env.QUARRY_ROLE === 'api' || (await waitUntilHealthy(healthCheck(db, runner), BANNER_WAIT_MS));
const rules = await Promise.race([rulesLoaded, sleep(RULES_WAIT_MS).then(() => undefined)]);
console.log(
  startBanner({
    base: `http://${env.HOST}:${env.PORT}`,
    temporal: stack.temporalUiUrl ?? `${stack.temporalAddress} (external; no local UI)`,
    blobs: blobs.location,
    role: env.QUARRY_ROLE,
    rules,
    workerPending: !workerReady,
    cwd: process.cwd(),
  }),
);
