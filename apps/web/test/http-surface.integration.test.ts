import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Hunting, Quotas, UploadStaging } from '@quarry/api';
import { createLogger } from '@quarry/config';
import { JobEvents, createDb, migrate, type Db } from '@quarry/db';
import { ensureMasterKey, freePort, startPostgres, startTemporal, type RunningPostgres, type RunningTemporal } from '@quarry/devstack';
import { LookupStore } from '@quarry/reference';
import { FsBlobStore, LocalFiles, cachedBlobCheck } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { connectJobRunner, type JobRunner } from '@quarry/temporal';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { healthCheck, readinessCheck } from '../src/health.js';
import { createHttpSurface, isApiPath } from '../src/http-surface.js';
import { createTusHandler } from '../src/tus/tus-handler.js';
import { webhookSecretKey } from '@quarry/webhooks';

/**
 * The composed HTTP surface on a real PostgreSQL and Temporal dev server of its own, over real
 * HTTP: every front and operations path answers as itself, not with the REST layer's not-found.
 * No worker runs, so /healthz must say 503 while /readyz says 200.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-surface-'));
// PostgreSQL runs as its own user when the tests run as root: it must be able to enter this dir.
chmodSync(dataDir, 0o711);
const log = createLogger('surface-test', { level: 'silent' });
const TEMPORAL_UI = 'http://temporal-ui.test:8233';
let pg: RunningPostgres;
let temporal: RunningTemporal;
let db: Db;
let runner: JobRunner;
let hunting: Hunting;
let jobEvents: JobEvents;
let server: ServerType;
let base: string;

beforeAll(async () => {
  pg = await startPostgres({ dataDir: join(dataDir, 'db'), ephemeral: true, log });
  temporal = await startTemporal({ dataDir, port: await freePort(), uiPort: await freePort(), log });
  await migrate(pg.url);
  db = createDb(pg.url);
  const masterKey = ensureMasterKey(dataDir, undefined);
  runner = await connectJobRunner({ address: temporal.address, namespace: 'default', masterKey });
  hunting = new Hunting();
  jobEvents = new JobEvents(pg.url, { log });
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  const deps = {
    db,
    blobs,
    runner,
    lookups: new LookupStore(),
    recordStores: new RecordStores(new LocalFiles(join(dataDir, 'blobs', 'record-stores'))),
    log,
    hunting,
    quotas: new Quotas(),
    jobEvents,
    webhooks: { secretKey: webhookSecretKey(masterKey), allowPrivate: false },
  };
  const app = createHttpSurface({
    rest: { ...deps, health: healthCheck(db, runner) },
    ready: readinessCheck(db, runner, cachedBlobCheck(blobs)),
    tus: createTusHandler({ db, blobs, staging: new UploadStaging(join(dataDir, 'uploads')), log }),
    uiMeta: { temporalUiUrl: TEMPORAL_UI },
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await hunting?.close();
  await jobEvents?.close();
  await runner?.close();
  await db?.close();
  await temporal?.stop();
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request per path constant, with what only that front would answer. Typed so a new constant needs a probe. */
const probes: Record<keyof typeof HTTP_PATHS, (() => Promise<void>) | 'not mounted here'> = {
  async trpc() {
    const res = await fetch(`${base}${HTTP_PATHS.trpc}/listJobs`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe('Unauthorized');
  },
  async graphql() {
    const res = await fetch(`${base}${HTTP_PATHS.graphql}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  },
  async tus() {
    // The tus protocol's discovery request, then an upload id nobody created (a tus 404, not the REST one).
    const options = await fetch(`${base}${HTTP_PATHS.tus}`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    const head = await fetch(`${base}${HTTP_PATHS.tus}/${'0'.repeat(32)}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(404);
    expect(head.headers.get('tus-resumable')).toBe('1.0.0');
  },
  async uiMeta() {
    const res = await fetch(`${base}${HTTP_PATHS.uiMeta}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ temporalUiUrl: TEMPORAL_UI });
  },
  async openapi() {
    const res = await fetch(`${base}${HTTP_PATHS.openapi}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.1');
    expect(Object.keys(doc.paths)).toContain('/analysis/upload');
  },
  async healthz() {
    const res = await fetch(`${base}${HTTP_PATHS.healthz}`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, checks: { postgres: true, temporal: true, worker: false } });
  },
  async readyz() {
    const res = await fetch(`${base}${HTTP_PATHS.readyz}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, checks: { postgres: true, temporal: true, blobs: true } });
  },
};

describe('every mounted path answers over HTTP', () => {
  for (const [name, probe] of Object.entries(probes)) {
    if (probe === 'not mounted here') test.todo(`${name}: ${probe}`);
    else test(name, probe);
  }

  test('the REST contract is mounted with its own answers', async () => {
    const res = await fetch(`${base}/analysis/job/list`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Unauthorized' });
  });

  test('a path no front claims gets the REST layer’s not-found', async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });
});

test('the web server sends the API’s paths to the API and the rest to the dashboard', () => {
  for (const path of [
    '/upload',
    '/analysis/upload',
    '/analysis/job/list?x=1',
    '/api/trpc/jobs.list',
    '/api/tus/abc',
    '/graphql',
    '/healthz',
    '/readyz',
    '/openapi.json',
  ]) {
    expect(isApiPath(path), path).toBe(true);
  }
  for (const path of ['/', '/jobs/123', '/evidence', '/search?q=1', '/_next/static/chunk.js', '/favicon.ico']) {
    expect(isApiPath(path), path).toBe(false);
  }
});
