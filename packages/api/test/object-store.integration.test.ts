/**
 * Record stores and the orphan sweep on a real object store (MinIO): a store built on a worker
 * node is published to the bucket and read on an API node through its own bounded cache; deleting
 * a job deletes its store objects; the sweep lists the bucket and removes what has no row.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { startMinio, type RunningMinio } from '@quarry/devstack';
import { runPipeline, type PipelineInput } from '@quarry/insights';
import { createBlobStore, createBucket, createS3Client, openSharedFiles, type CheckedBlobStore, type StorageSettings } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { sharedPath } from '@quarry/testkit';
import { createParseJob, sweepOrphans, uploadFile, type ServiceDeps } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

const EVTX = sharedPath('samples/evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx');
/** Event-data values of that sample (TargetUserName, ProcessName), as record text would hold them. */
const RECORD_TEXT = ['IEUser', 'Google\\Chrome\\Application\\chrome.exe'];
const BUCKET = 'quarry-api-test';
const PREFIX = 'lab';
const HAVE_SAMPLE = existsSync(EVTX);
if (!HAVE_SAMPLE) console.warn(`skipping the object-store tests: ${EVTX} is absent (../shared/samples)`);

let root: string;
let minio: RunningMinio;
let s3: S3Client;
let blobs: CheckedBlobStore;
let f: Fixture;

beforeAll(async () => {
  if (!HAVE_SAMPLE) return;
  root = mkdtempSync(join(tmpdir(), 'quarry-object-store-'));
  minio = await startMinio({ dataDir: join(root, 'minio'), log: createLogger('minio', { level: 'warn' }) });
  s3 = createS3Client({
    region: 'us-east-1',
    endpoint: minio.endpoint,
    forcePathStyle: true,
    accessKeyId: minio.accessKeyId,
    secretAccessKey: minio.secretAccessKey,
  });
  await createBucket(s3, BUCKET);
  const settings: StorageSettings = {
    BLOB_DIR: join(root, 'unused'),
    BLOB_URL: `s3://${BUCKET}/${PREFIX}`,
    AWS_REGION: 'us-east-1',
    S3_ENDPOINT: minio.endpoint,
    S3_FORCE_PATH_STYLE: true,
    AWS_ACCESS_KEY_ID: minio.accessKeyId,
    AWS_SECRET_ACCESS_KEY: minio.secretAccessKey,
  };
  blobs = await createBlobStore(settings);
  f = await serviceFixture();
}, 300_000);

afterAll(async () => {
  await f?.close();
  s3?.destroy();
  await minio?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** One node's record stores: the shared bucket, its own cache directory. */
const nodeStores = async (name: string, maxBytes = 100 * 2 ** 20) => new RecordStores(await openSharedFiles(blobs, { cacheDir: join(root, name), maxBytes }));

const chromeInput = (): PipelineInput[] => [
  {
    ref: {
      position: 0,
      fileId: randomUUID(),
      name: basename(EVTX),
      size: statSync(EVTX).size,
      sha256: createHash('sha256').update(readFileSync(EVTX)).digest('hex'),
    },
    open: () => createReadStream(EVTX),
  },
];

async function build(stores: RecordStores, jobId: string, jobKey: Buffer | null): Promise<void> {
  const sink = stores.writer(jobId, 'winevtx', jobKey);
  await runPipeline({ category: 'winevtx', inputs: chromeInput(), options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] });
}

/** Object keys (relative to the deployment's prefix) that start with `start`. */
async function objectKeys(start: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}/${start}` }));
  return (listed.Contents ?? []).map((o) => o.Key!.slice(PREFIX.length + 1)).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')) : []);

describe.runIf(HAVE_SAMPLE)('record stores in the object store', () => {
  const KEY = randomBytes(32);
  const privateJob = randomUUID();
  const publicJob = randomUUID();

  test('a store built on one node is published to the bucket; only a private one is ciphertext there', async () => {
    const worker = await nodeStores('worker');
    await build(worker, privateJob, KEY);
    await build(worker, publicJob, null);
    expect(await objectKeys('files/')).toEqual([`files/${privateJob}.winevtx.db`, `files/${publicJob}.winevtx.db`].sort());
    const secret = await objectBytes(`files/${privateJob}.winevtx.db`);
    const open = await objectBytes(`files/${publicJob}.winevtx.db`);
    for (const text of RECORD_TEXT) expect(secret.includes(Buffer.from(text)), text).toBe(false);
    // The control: the same records are readable in a public store, so the scan above can see them.
    expect(open.includes(Buffer.from(RECORD_TEXT[0]!))).toBe(true);
    // Nothing is left in the worker's scratch directory.
    expect(readdirSync(worker.files.scratchDir)).toEqual([]);
  });

  test('another node fetches the store into its own cache and keeps it while a reader holds it', async () => {
    // A bound smaller than the store: it stays only while leased.
    const api = await nodeStores('api', 1);
    const reader = await api.open(privateJob, 'winevtx', KEY);
    expect(reader).not.toBeNull();
    expect(filesIn(join(root, 'api'))).toEqual([`${privateJob}.winevtx.db`]);
    expect(reader!.search({ search: 'chrome.exe', page: 1, show: 10 }).total).toBeGreaterThan(0);
    reader!.close();
    await expect.poll(() => filesIn(join(root, 'api'))).toEqual([]);
    await expect(api.open(privateJob, 'winevtx', randomBytes(32))).rejects.toMatchObject({ code: 'wrong-key' });
    expect(await api.open(randomUUID(), 'winevtx', null)).toBeNull();
  });

  test("remove() deletes the store objects and this node's cached copy", async () => {
    const api = await nodeStores('api-2');
    (await api.open(publicJob, 'winevtx', null))!.close();
    expect(filesIn(join(root, 'api-2'))).toEqual([`${publicJob}.winevtx.db`]);
    await api.remove(publicJob);
    expect(await objectKeys(`files/${publicJob}`)).toEqual([]);
    expect(filesIn(join(root, 'api-2'))).toEqual([]);
    expect(await (await nodeStores('api-3')).open(publicJob, 'winevtx', null)).toBeNull();
  });
});

describe.runIf(HAVE_SAMPLE)('orphan sweep on the object store', () => {
  test('removes blobs without a file row and stores without a job, once past the grace period', async () => {
    const recordStores = await nodeStores('sweeper');
    const deps: ServiceDeps = { ...f.deps, blobs, recordStores };
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    // Kept: a blob with its file row, and the store of a job that exists.
    const file = await uploadFile(deps, { caller, clientKey: key, fileName: 'Security.evtx', content: Readable.from([randomBytes(1000)]) });
    const { blobKey } = await f.db.file.findUniqueOrThrow({ where: { id: file.id }, select: { blobKey: true } });
    const job = await createParseJob(deps, caller, key, { category: 'winevtx', fileIds: [file.id], options: { runSigmaRules: false } });
    await build(recordStores, job.id, null);
    // Orphans: a blob no row names (a node killed between blob and row), a store whose job is gone.
    const orphanBlob = randomBytes(16).toString('hex');
    await blobs.put(orphanBlob, Readable.from([randomBytes(100)]));
    const orphanJob = randomUUID();
    await build(recordStores, orphanJob, null);
    // Not ours to judge: a name that is no blob key.
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/blobs/not.a.key`, Body: 'x' }));
    const log = createLogger('sweep', { level: 'warn' });

    // Within the grace period nothing goes (an upload or a job may be under way on another node).
    expect(await sweepOrphans({ db: f.db, blobs, recordStores, log })).toEqual({ tempFiles: 0, blobs: 0, recordStoreFiles: 0 });
    expect(await blobs.exists(orphanBlob)).toBe(true);

    const report = await sweepOrphans({ db: f.db, blobs, recordStores, log }, -1000);
    expect(report.blobs).toBe(1);
    expect(report.recordStoreFiles).toBeGreaterThanOrEqual(1);
    expect(await blobs.exists(orphanBlob)).toBe(false);
    expect(await objectKeys(`files/${orphanJob}`)).toEqual([]);
    expect(await objectKeys(`blobs/${blobKey}`)).toEqual([`blobs/${blobKey}`]);
    expect(await objectKeys(`files/${job.id}`)).toEqual([`files/${job.id}.winevtx.db`]);
    expect(await objectKeys('blobs/not.a.key')).toEqual(['blobs/not.a.key']);
  });
});
