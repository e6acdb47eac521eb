/**
 * The scale-out topology, for real: two API-only nodes and two worker nodes, each started on its
 * own, sharing only PostgreSQL (the system's PostgreSQL 15, not the embedded one), the Temporal
 * dev server and a MinIO object store, with one master key. No directory is shared: each node has
 * its own data and cache directories, and record stores travel through the object store.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import {
  ensureTemporalCli,
  freePort,
  startMinio,
  startSystemPostgres,
  startTemporal,
  type RunningMinio,
  type RunningSystemPostgres,
  type RunningTemporal,
} from '@quarry/devstack';
import { createBucket, createS3Client } from '@quarry/storage';
import { sharedPath } from '@quarry/testkit';
import {
  WEB_MAIN,
  WORKER_MAIN,
  anyFileContains,
  childCommands,
  deleteJobs,
  filesNamed,
  newToken,
  parseJob,
  searchRecords,
  startNode,
  stopNode,
  upload,
  waitForJob,
  waitWhile,
  type Creds,
  type Node,
} from './support/topology.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const SYSTEM_EVTX = sharedPath('samples/evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx');
const SECURITY_EVTX = sharedPath('samples/evtx/DFIRArtifactMuseum/Win11_RathbunVM/Security.evtx');
/** The Computer of that log's events (evtx_dump): record text a store holds. */
const COMPUTER = 'WIN-9L34AK87ND7';
const ready = existsSync(join(PG_BIN, 'postgres')) && existsSync(SYSTEM_EVTX);
if (!ready) {
  if (process.env.CI) throw new Error(`the topology test needs ${PG_BIN} (Debian postgresql-15) and ../shared/samples`);
  console.warn('skipping the topology test: no system PostgreSQL 15 or no ../shared/samples');
}

const log = createLogger('topology-test', { level: 'warn' });
const BUCKET = 'quarry-lab';
let root: string;
let minio: RunningMinio;
let pg: RunningSystemPostgres;
let temporal: RunningTemporal;
let env: Record<string, string>;
const apis: Node[] = [];
const workers: Node[] = [];

beforeAll(async () => {
  if (!ready) return;
  root = mkdtempSync(join(tmpdir(), 'quarry-topology-'));
  // As root, PostgreSQL runs as the postgres user, which must pass through to its cluster.
  chmodSync(root, 0o711);
  // Each is kept as soon as it is up, so afterAll stops it even when another fails to start.
  await Promise.all([
    startMinio({ dataDir: join(root, 'minio'), log }).then((m) => (minio = m)),
    startSystemPostgres({ binDir: PG_BIN, dataDir: join(root, 'system-pg'), log }).then((p) => (pg = p)),
    startTemporal({ dataDir: join(root, 'temporal'), log, port: await freePort(), uiPort: await freePort() }).then((t) => (temporal = t)),
  ]);
  const s3 = createS3Client({
    region: 'us-east-1',
    endpoint: minio.endpoint,
    forcePathStyle: true,
    accessKeyId: minio.accessKeyId,
    secretAccessKey: minio.secretAccessKey,
  });
  await createBucket(s3, BUCKET);
  s3.destroy();
  env = {
    DATABASE_URL: pg.url,
    TEMPORAL_ADDRESS: temporal.address,
    QUARRY_MASTER_KEY: randomBytes(32).toString('base64'),
    BLOB_URL: `s3://${BUCKET}/lab`,
    S3_ENDPOINT: minio.endpoint,
    AWS_ACCESS_KEY_ID: minio.accessKeyId,
    AWS_SECRET_ACCESS_KEY: minio.secretAccessKey,
    LOG_LEVEL: 'info',
  };
  // Both API nodes start at once: each migrates (under PostgreSQL's advisory lock) and starts nothing else.
  apis.push(
    ...(await Promise.all(
      ['api-a', 'api-b'].map((name) => startNode(name, WEB_MAIN, { ...env, QUARRY_ROLE: 'api', QUARRY_DATA_DIR: join(root, name), LOG_LEVEL: 'warn' }, 'PORT')),
    )),
  );
}, 600_000);

afterAll(async () => {
  await Promise.all([...apis, ...workers].map(stopNode));
  await Promise.all([temporal?.stop(), pg?.stop(), minio?.stop()]);
  if (root) rmSync(root, { recursive: true, force: true });
});

async function objectKeys(prefix: string): Promise<string[]> {
  const s3 = createS3Client({
    region: 'us-east-1',
    endpoint: minio.endpoint,
    forcePathStyle: true,
    accessKeyId: minio.accessKeyId,
    secretAccessKey: minio.secretAccessKey,
  });
  try {
    return ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
  } finally {
    s3.destroy();
  }
}

const startWorker = (name: string) => startNode(name, WORKER_MAIN, { ...env, QUARRY_DATA_DIR: join(root, name) }, 'WORKER_HEALTH_PORT');

/** A node's own record-store cache (QUARRY_CACHE_DIR defaults to `<QUARRY_DATA_DIR>/cache`). */
const cacheOf = (node: Node) => join(root, node.name, 'cache');
/** MinIO keeps an object as a directory of that key on its drive (metadata and parts). */
const objectDir = (key: string) => join(minio.dataDir, BUCKET, key);

/** Job ids a worker logged as completed. */
const completedBy = (node: Node): string[] => [...node.logs().matchAll(/"jobId":"([^"]+)"[^\n]*"msg":"job completed"/g)].map((m) => m[1]!);

describe.runIf(ready)('two API nodes and two workers on MinIO, system PostgreSQL 15 and Temporal', () => {
  test('API nodes run no embedded services and no worker; readiness per role', async () => {
    for (const api of apis) {
      const children = childCommands(api.child.pid!).join('\n');
      expect(children).not.toContain(WORKER_MAIN);
      expect(children).not.toMatch(/postgres|temporal server/);
      // Ready (this node can serve) while /healthz still waits for a worker to poll.
      expect(await (await fetch(`${api.base}/readyz`)).json()).toEqual({ ok: true, checks: { postgres: true, temporal: true, blobs: true } });
      expect((await fetch(`${api.base}/healthz`)).status).toBe(503);
    }
    workers.push(...(await Promise.all(['worker-1', 'worker-2'].map(startWorker))));
    for (const worker of workers) {
      expect(await (await fetch(`${worker.base}/readyz`)).json()).toEqual({ ok: true, checks: { temporal: true, postgres: true, blobs: true } });
      expect(await (await fetch(`${worker.base}/healthz`)).json()).toEqual({ ok: true });
    }
    await expect.poll(async () => (await fetch(`${apis[0]!.base}/healthz`)).status, { timeout: 30_000 }).toBe(200);
  });

  test('uploads through one API node, jobs on both workers, status through the other node', async () => {
    const [a, b] = apis as [Node, Node];
    const creds: Creds = { token: newToken(pg.url, 'free'), key: randomBytes(32).toString('base64') };
    const evtx = readFileSync(SYSTEM_EVTX);
    const fileIds = await upload(
      a.base,
      Array.from({ length: 8 }, (_, i) => ({ name: `System-${i}.evtx`, data: evtx })),
      creds,
    );
    // Free tier: two slots per worker, so eight overlapping jobs cannot all run on one.
    const jobIds = await Promise.all(fileIds.map((id) => parseJob(a.base, [id], creds)));
    for (const id of jobIds) {
      const job = await waitForJob(b.base, id, creds);
      expect(job.status, id).toBe('Completed');
      expect(job.insights.length).toBeGreaterThan(0);
    }
    const [ran1, ran2] = workers.map((w) => completedBy(w).filter((id) => jobIds.includes(id)));
    console.log(`topology: of ${jobIds.length} jobs, worker-1 ran ${ran1!.length}, worker-2 ran ${ran2!.length}`);
    expect(ran1!.length).toBeGreaterThan(0);
    expect(ran2!.length).toBeGreaterThan(0);
    expect(ran1!.length + ran2!.length).toBe(jobIds.length);
    // The blobs are in the object store, not on any node's disk.
    const s3 = createS3Client({
      region: 'us-east-1',
      endpoint: minio.endpoint,
      forcePathStyle: true,
      accessKeyId: minio.accessKeyId,
      secretAccessKey: minio.secretAccessKey,
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'lab/blobs/' }));
    s3.destroy();
    expect(listed.KeyCount).toBeGreaterThanOrEqual(fileIds.length);
  });

  test('search through the other API node fetches the record store from MinIO into its own cache; deletion removes it', async () => {
    const [a, b] = apis as [Node, Node];
    const creds: Creds = { token: newToken(pg.url, 'free'), key: randomBytes(32).toString('base64') };
    const [fileId] = await upload(a.base, [{ name: 'System.evtx', data: readFileSync(SYSTEM_EVTX) }], creds);
    const jobId = await parseJob(a.base, [fileId!], creds);
    expect((await waitForJob(a.base, jobId, creds)).status).toBe('Completed');
    const store = `${jobId}.winevtx.db`;
    // The worker logs the completion just after the status changes: wait for its line to arrive.
    await expect.poll(() => workers.some((w) => completedBy(w).includes(jobId))).toBe(true);
    const ran = workers.find((w) => completedBy(w).includes(jobId))!;
    // Published to the bucket by the worker that ran the job; no API node holds it yet.
    expect(await objectKeys(`lab/files/${jobId}`)).toEqual([`lab/files/${store}`]);
    expect(apis.flatMap((api) => filesNamed(join(root, api.name), store))).toEqual([]);

    const found = await searchRecords(b.base, jobId, creds);
    expect(found.status).toBe(200);
    expect(found.rows.length).toBeGreaterThan(0);
    // Each copy is in one node's own cache: the worker's (it built it) and the searching node's;
    // besides the nodes' own directories there is only what PostgreSQL, Temporal and MinIO keep.
    const nodes = [...apis, ...workers];
    expect(readdirSync(root).sort()).toEqual(['minio', 'system-pg', 'temporal', ...nodes.map((n) => n.name)].sort());
    const copies = nodes.flatMap((n) => filesNamed(join(root, n.name), store));
    expect(copies.sort()).toEqual([join(cacheOf(ran), store), join(cacheOf(b), store)].sort());

    await deleteJobs(b.base, [jobId], creds);
    expect(await objectKeys(`lab/files/${jobId}`)).toEqual([]);
    expect(filesNamed(cacheOf(b), store)).toEqual([]);
    expect((await searchRecords(a.base, jobId, creds)).status).not.toBe(200);
  });

  test('a worker killed mid-job (SIGKILL): the job still completes on the other', async () => {
    const [a, b] = apis as [Node, Node];
    const creds: Creds = { token: newToken(pg.url, 'pro'), key: randomBytes(32).toString('base64') };
    const evtx = readFileSync(SYSTEM_EVTX);
    const fileIds = await upload(
      a.base,
      Array.from({ length: 6 }, (_, i) => ({ name: `Big-${i}.evtx`, data: evtx })),
      creds,
    );
    const jobId = await parseJob(a.base, fileIds, creds, true);
    // Which worker holds the activity: Temporal records the poller's identity, `<pid>@<host>`.
    const cli = await ensureTemporalCli(log);
    let victim: Node | undefined;
    const deadline = Date.now() + 120_000;
    while (!victim && Date.now() < deadline) {
      const described = execFileSync(cli, ['workflow', 'describe', '--workflow-id', `quarry-job-${jobId}`, '--address', temporal.address, '--output', 'json'], {
        encoding: 'utf8',
      });
      const pid = /"lastWorkerIdentity":\s*"(\d+)@/.exec(described)?.[1];
      victim = workers.find((w) => String(w.child.pid) === pid);
      if (!victim) await new Promise((r) => setTimeout(r, 200));
    }
    expect(victim, 'the job never started on a worker').toBeDefined();
    // The activity is the worker's from when it is picked up; it marks the job Processing just after.
    expect((await waitWhile(b.base, jobId, creds, ['Pending'], deadline - Date.now(), 50)).status).toBe('Processing');
    victim!.child.kill('SIGKILL');
    const survivor = workers.find((w) => w !== victim)!;
    const job = await waitForJob(b.base, jobId, creds, 400_000);
    expect(job.status).toBe('Completed');
    expect(completedBy(survivor)).toContain(jobId);
    expect(completedBy(victim!)).not.toContain(jobId);
  });

  test("a private upload's plaintext and its job's record text never reach MinIO's drive; a public one's do (the control)", async () => {
    const [a, b] = apis as [Node, Node];
    const owner: Creds = { token: newToken(pg.url, 'pro'), key: randomBytes(32).toString('base64') };
    const secret = Buffer.concat([Buffer.from('QUARRY-PRIVATE-MARKER-'), randomBytes(200_000)]);
    const open = Buffer.concat([Buffer.from('QUARRY-PUBLIC-MARKER-'), randomBytes(200_000)]);
    const evtx = readFileSync(SECURITY_EVTX);
    const [, privateEvtx] = await upload(
      a.base,
      [
        { name: 'secret.bin', data: secret },
        { name: 'Security.evtx', data: evtx },
      ],
      owner,
    );
    await upload(a.base, [{ name: 'open.bin', data: open }], {});
    const privateJob = await parseJob(a.base, [privateEvtx!], owner);
    expect((await waitForJob(b.base, privateJob, owner)).status).toBe('Completed');
    // Searched through the other node: its cache now holds the store as published.
    expect((await searchRecords(b.base, privateJob, owner, COMPUTER)).rows.length).toBeGreaterThan(0);
    expect(filesNamed(cacheOf(b), `${privateJob}.winevtx.db`)).toHaveLength(1);
    const drive = minio.dataDir;
    const computer = Buffer.from(COMPUTER);
    expect(anyFileContains(drive, open.subarray(100, 164))).toBe(true);
    expect(anyFileContains(drive, secret.subarray(100, 164))).toBe(false);
    expect(anyFileContains(drive, Buffer.from('QUARRY-PRIVATE-MARKER-'))).toBe(false);
    // 64 bytes of event records (past a chunk's 512-byte header): unique to this file.
    const records = evtx.indexOf('ElfChnk\0', 1_000_000) + 512;
    expect(anyFileContains(drive, evtx.subarray(records, records + 64))).toBe(false);
    // Record text of the private job: in no object (its store is ciphertext) and in no node's cache.
    expect(anyFileContains(drive, computer)).toBe(false);
    for (const node of [...apis, ...workers]) expect(anyFileContains(cacheOf(node), computer), node.name).toBe(false);

    // The control: the same log parsed publicly, whose store is plaintext, shows the text on the drive.
    const [publicEvtx] = await upload(a.base, [{ name: 'Security.evtx', data: evtx }], {});
    const publicJob = await parseJob(a.base, [publicEvtx!], {});
    expect((await waitForJob(b.base, publicJob, {})).status).toBe('Completed');
    expect(anyFileContains(objectDir(`lab/files/${publicJob}.winevtx.db`), computer)).toBe(true);
  });
});
