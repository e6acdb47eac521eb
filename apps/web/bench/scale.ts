/**
 * `npm run bench:scale`: the scale-out topology on this machine, as ratios measured in one run.
 *  - the same EVTX job set on 1 worker process vs 2 (API node and workers started on their own);
 *  - object store (MinIO) vs local directory: one private upload batch, the job set, and the first
 *    search of a finished job on the API node (with MinIO, it fetches the job's record store into
 *    the node's cache first) against a repeat of that search.
 * Build first (`npx turbo run build`). Services: embedded PostgreSQL + Temporal dev server
 * (ephemeral), MinIO from the Quarry cache. Knobs: BENCH_JOBS (8), BENCH_FILES_PER_JOB (1),
 * BENCH_UPLOAD_FILES (8). On a shared 2-core machine, compare ratios within one run only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadEnv } from '@quarry/config';
import { startMinio, startStack } from '@quarry/devstack';
import { migrate } from '@quarry/db';
import { createBucket, createS3Client } from '@quarry/storage';
import { sharedPath } from '@quarry/testkit';
import {
  WEB_MAIN,
  WORKER_MAIN,
  filesNamed,
  newToken,
  parseJob,
  searchRecords,
  startNode,
  stopNode,
  upload,
  waitForJob,
  type Creds,
  type Node,
} from '../test/support/topology.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 8);
const FILES_PER_JOB = Number(process.env.BENCH_FILES_PER_JOB ?? 1);
const UPLOAD_FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 8);
const EVTX = sharedPath('samples/evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx');
const log = createLogger('bench-scale', { level: 'warn' });

const root = mkdtempSync(join(tmpdir(), 'quarry-bench-scale-'));
const stack = await startStack({ env: loadEnv({ ...process.env, DATABASE_URL: undefined, TEMPORAL_ADDRESS: undefined }), log, ephemeral: true });
const minio = await startMinio({ dataDir: join(root, 'minio'), log });
const s3 = createS3Client({
  region: 'us-east-1',
  endpoint: minio.endpoint,
  forcePathStyle: true,
  accessKeyId: minio.accessKeyId,
  secretAccessKey: minio.secretAccessKey,
});
await createBucket(s3, 'bench');
s3.destroy();
await migrate(stack.databaseUrl);

const shared = {
  DATABASE_URL: stack.databaseUrl,
  TEMPORAL_ADDRESS: stack.temporalAddress,
  QUARRY_MASTER_KEY: stack.masterKey.toString('base64'),
  LOG_LEVEL: 'warn',
};
const stores = {
  dir: { BLOB_DIR: join(root, 'blobs') },
  s3: { BLOB_URL: 's3://bench/quarry', S3_ENDPOINT: minio.endpoint, AWS_ACCESS_KEY_ID: minio.accessKeyId, AWS_SECRET_ACCESS_KEY: minio.secretAccessKey },
};
type Store = keyof typeof stores;
const evtx = readFileSync(EVTX);
const creds: Creds = { token: newToken(stack.databaseUrl, 'pro'), key: randomBytes(32).toString('base64') };
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Uploads UPLOAD_FILES copies of the sample in one private request; returns seconds and the file ids. */
async function timedUpload(api: Node): Promise<{ s: number; ids: string[] }> {
  const t = performance.now();
  const ids = await upload(
    api.base,
    Array.from({ length: UPLOAD_FILES }, (_, i) => ({ name: `System-${i}.evtx`, data: evtx })),
    creds,
  );
  return { s: seconds(t), ids };
}

/** Runs JOBS parse jobs (Sigma on) over the given files at once; seconds from the first request to the last Completed. */
async function timedJobs(api: Node, ids: string[]): Promise<{ s: number; jobs: string[] }> {
  const t = performance.now();
  const jobs = await Promise.all(
    Array.from({ length: JOBS }, (_, j) =>
      parseJob(
        api.base,
        Array.from({ length: FILES_PER_JOB }, (_, f) => ids[(j * FILES_PER_JOB + f) % ids.length]!),
        creds,
        true,
      ),
    ),
  );
  for (const id of jobs) {
    const job = await waitForJob(api.base, id, creds, 1_800_000);
    if (job.status !== 'Completed') throw new Error(`job ${id} ended ${job.status}: ${JSON.stringify(job.insights).slice(0, 2000)}`);
  }
  return { s: seconds(t), jobs };
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Search {
  s: number;
  cpu: number;
}

/** One search of a job's records through the API node: wall seconds and the node's CPU seconds. */
async function timedSearch(api: Node, jobId: string): Promise<Search> {
  const cpu = cpuSeconds(api.child.pid!);
  const t = performance.now();
  const found = await searchRecords(api.base, jobId, creds, 'Service');
  if (found.status !== 200 || found.rows.length === 0) throw new Error(`search of ${jobId}: ${found.status}, ${found.rows.length} rows`);
  return { s: seconds(t), cpu: cpuSeconds(api.child.pid!) - cpu };
}

/** One blob store: its API node, a timed upload, then the job set on 1 and on 2 worker processes. */
async function run(store: Store): Promise<{ upload: number; one: number; two: number; first: Search; again: Search; storeMiB: number }> {
  const env = { ...shared, ...stores[store] };
  const api = await startNode(`api-${store}`, WEB_MAIN, { ...env, QUARRY_ROLE: 'api', QUARRY_DATA_DIR: join(root, `api-${store}`) }, 'PORT');
  const workers: Node[] = [];
  const startWorker = async (n: number) =>
    workers.push(await startNode(`worker-${store}-${n}`, WORKER_MAIN, { ...env, QUARRY_DATA_DIR: join(root, `w-${store}-${n}`) }, 'WORKER_HEALTH_PORT'));
  try {
    const up = await timedUpload(api);
    await startWorker(1);
    await timedJobs(api, up.ids.slice(0, 1)); // warm-up: rule compilation, first reads
    const one = (await timedJobs(api, up.ids)).s;
    await startWorker(2);
    await timedJobs(api, up.ids.slice(0, 1));
    const { s: two, jobs } = await timedJobs(api, up.ids);
    const searched = jobs.at(-1)!;
    const first = await timedSearch(api, searched);
    const again = await timedSearch(api, searched);
    const storeMiB = statSync(filesNamed(root, `${searched}.winevtx.db`).find((p) => !p.includes('/minio/'))!).size / 2 ** 20;
    console.log(
      `${store.padEnd(3)}  upload ${UPLOAD_FILES} × ${(evtx.length / 2 ** 20).toFixed(1)} MiB: ${up.s.toFixed(2)} s   ${JOBS} jobs: 1 worker ${one.toFixed(1)} s, 2 workers ${two.toFixed(1)} s`,
    );
    console.log(
      `     first search of a job (store ${storeMiB.toFixed(1)} MiB): ${first.s.toFixed(3)} s, API CPU ${first.cpu.toFixed(2)} s; repeated: ${again.s.toFixed(3)} s, API CPU ${again.cpu.toFixed(2)} s`,
    );
    return { upload: up.s, one, two, first, again, storeMiB };
  } finally {
    await Promise.all([api, ...workers].map(stopNode));
  }
}

try {
  console.log(
    `bench:scale on ${(await import('node:os')).availableParallelism()} cores; ${JOBS} EVTX parse jobs (Sigma on) of ${FILES_PER_JOB} × ${EVTX.split('/').pop()}`,
  );
  const dir = await run('dir');
  const s3r = await run('s3');
  console.log('\nratios (>1: the first is slower)');
  console.log(
    `  job set, 1 worker / 2 workers:   dir ${(dir.one / dir.two).toFixed(2)}   s3 ${(s3r.one / s3r.two).toFixed(2)}   (speed-up from a second worker process)`,
  );
  console.log(`  upload, object store / directory: ${(s3r.upload / dir.upload).toFixed(2)}`);
  console.log(`  job set (1 worker), object store / directory: ${(s3r.one / dir.one).toFixed(2)}`);
  console.log(`  job set (2 workers), object store / directory: ${(s3r.two / dir.two).toFixed(2)}`);
  // A search itself takes milliseconds (CPU ticks are 10 ms): the fetch shows as a difference, not a ratio.
  const fetchS = s3r.first.s - dir.first.s;
  console.log(
    `  first search of a job, object store − directory (the store's fetch into the API node's cache): +${(fetchS * 1000).toFixed(0)} ms wall, +${(s3r.first.cpu - dir.first.cpu).toFixed(2)} API CPU-s for ${s3r.storeMiB.toFixed(1)} MiB (${(s3r.storeMiB / fetchS).toFixed(0)} MiB/s)`,
  );
  console.log(`  repeated search (a cache hit): object store ${(s3r.again.s * 1000).toFixed(0)} ms, directory ${(dir.again.s * 1000).toFixed(0)} ms`);
} finally {
  await minio.stop();
  await stack.stop();
  rmSync(root, { recursive: true, force: true });
}
