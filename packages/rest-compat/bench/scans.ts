/**
 * `npm run bench:scans`: inline YARA and Sigma scans (requests/s, p50/p95) against a server with
 * the full community sets loaded and warm, then a YARA file-scan job over every sample (MB/s, from
 * job creation to Completed) beside the `yara` CLI (Debian libyara) on the same files, same run.
 * Needs ../shared (samples and rules); starts its own ephemeral PostgreSQL + Temporal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hunting, Quotas } from '@quarry/api';
import { createLogger, loadEnv, workerEnv, workerNodeArgs } from '@quarry/config';
import { startStack } from '@quarry/devstack';
import { JobEvents, createDb, migrate } from '@quarry/db';
import { LookupStore } from '@quarry/reference';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { connectJobRunner } from '@quarry/temporal';
import { sharedPath } from '@quarry/testkit';
import { WORKER_MAIN } from '@quarry/worker/entry';
import { serveRest } from '../src/index.js';
import { webhookSecretKey } from '@quarry/webhooks';

const SAMPLES = sharedPath('samples');
const YARA_DIRS = ['reversinglabs', 'signature-base'].map((d) => sharedPath(`rules/yara/${d}`));
const SIGMA_DIRS = ['rules', 'rules-emerging-threats', 'rules-threat-hunting'].map((d) => sharedPath(`rules/sigma/${d}`));
const SIGMA_RECORD = sharedPath(
  'rules/sigma-regression/rules/windows/process_creation/proc_creation_win_bitsadmin_download/d059842b-6b9d-4ed1-b5c3-5b89143c6ede.json',
);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 300);
const CONCURRENCY = 4;
const MB = 1e6;

const walk = (d: string, out: string[] = []): string[] => {
  for (const n of readdirSync(d).sort()) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64');

async function load(url: string, path: string, body: object): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const s = performance.now();
        const r = await fetch(url + path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
        await r.text();
        if (r.status !== 200) errors++;
        times.push(performance.now() - s);
      }
    }),
  );
  return { rps: REQUESTS / ((performance.now() - t0) / 1000), p50: pct(times, 50), p95: pct(times, 95), errors };
}

async function waitCompleted(url: string, id: string): Promise<string> {
  for (;;) {
    const r = (await (await fetch(`${url}/analysis/job/${id}`)).json()) as { status: string };
    if (r.status !== 'Pending' && r.status !== 'Processing') return r.status;
    await new Promise((res) => setTimeout(res, 200));
  }
}

const log = createLogger('bench-scans', { level: 'warn' });
const stack = await startStack({ env: loadEnv({ ...process.env, DATABASE_URL: undefined, TEMPORAL_ADDRESS: undefined }), log, ephemeral: true });
const hunting = new Hunting({ yaraRules: YARA_DIRS.join(':'), sigmaRules: SIGMA_DIRS.join(':'), yaraWorkers: 2 });
const many = { anonymous: 1e9, free: 1e9, pro: 1e9, enterprise: 1e9 };
try {
  await migrate(stack.databaseUrl);
  const db = createDb(stack.databaseUrl);
  const runner = await connectJobRunner({ address: stack.temporalAddress, namespace: 'default', masterKey: stack.masterKey });
  const server = await serveRest(
    {
      db,
      blobs: new FsBlobStore(stack.blobDir),
      runner,
      lookups: new LookupStore(),
      recordStores: new RecordStores(new LocalFiles(join(stack.blobDir, 'record-stores'))),
      log,
      hunting,
      quotas: new Quotas({ yaraFileScan: { windowSeconds: 60, perTier: many }, dataScan: { windowSeconds: 60, perTier: many } }),
      jobEvents: new JobEvents(stack.databaseUrl),
      webhooks: { secretKey: webhookSecretKey(stack.masterKey), allowPrivate: false },
      health: async () => ({ ok: true, checks: {} }),
    },
    0,
  );
  let t = performance.now();
  await hunting.warm();
  console.log(`community sets loaded and compiled (YARA in 2 scan workers, Sigma in its thread): ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const yaraData = {
    test_data: b64(readFileSync(join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx')).subarray(0, 64 * 1024)),
    operation: 'run_community_rules',
  };
  const sigmaData = { test_data: b64(readFileSync(SIGMA_RECORD)), operation: 'run_community_rules' };
  for (const [name, path, body] of [
    ['inline YARA, 64 KiB, full community pack', '/analysis/yara/data', yaraData],
    ['inline Sigma, 1 record, full SigmaHQ set', '/analysis/sigma/data', sigmaData],
  ] as const) {
    await load(server.url, path, body); // warm-up round (JIT, connections)
    const r = await load(server.url, path, body);
    console.log(
      `${name}: ${r.rps.toFixed(1)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${REQUESTS} requests x${CONCURRENCY} concurrent, errors ${r.errors}`,
    );
  }

  // YARA file job over every sample, through a real worker process started as the service starts
  // it (apps/web worker-process.ts: with the worker's node options), beside the yara CLI.
  const worker = spawn(process.execPath, [...workerNodeArgs(), WORKER_MAIN], {
    env: workerEnv({
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      QUARRY_MASTER_KEY: stack.masterKey.toString('base64'),
      QUARRY_DATA_DIR: stack.dataDir,
      BLOB_DIR: stack.blobDir,
      QUARRY_YARA_RULES: YARA_DIRS.join(':'),
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const files = walk(SAMPLES);
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  const ids: string[] = [];
  for (let i = 0; i < files.length; i += 20) {
    const form = new FormData();
    for (const f of files.slice(i, i + 20)) form.append('files', new Blob([readFileSync(f)]), f.split('/').pop()!);
    const r = (await (await fetch(`${server.url}/analysis/upload`, { method: 'POST', body: form })).json()) as { file_ids: [string, string][] };
    ids.push(...r.file_ids.map((x) => x[0]));
  }
  const createJob = async (batch: string[]) =>
    (
      (await (
        await fetch(`${server.url}/analysis/yara/file`, {
          method: 'POST',
          body: JSON.stringify({ file_ids: batch, operation: 'run_community_rules' }),
          headers: { 'Content-Type': 'application/json' },
        })
      ).json()) as { id: string }
    ).id;
  t = performance.now();
  await waitCompleted(server.url, await createJob(ids.slice(0, 1))); // the worker compiles the pack once (in each scan process)
  console.log(`worker warm-up job (pack compile in the worker's scan processes): ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  // The spec allows 100 files per job: the samples go in as two jobs, run side by side.
  const jobs = [await createJob(ids.slice(0, 100)), await createJob(ids.slice(100))];
  const statuses = await Promise.all(jobs.map((j) => waitCompleted(server.url, j)));
  const jobS = (performance.now() - t) / 1000;
  console.log(
    `YARA file jobs, ${files.length} files, ${(bytes / MB).toFixed(1)} MB: ${jobS.toFixed(2)} s, ${(bytes / MB / jobS).toFixed(1)} MB/s (${statuses.join(', ')}; includes blob read + decrypt check + queueing)`,
  );
  worker.kill('SIGTERM');

  const haveYara = spawnSync('sh', ['-c', 'command -v yara && command -v yarac']).status === 0;
  if (!haveYara) console.log('yara/yarac not installed (apt-get install yara): CLI comparison skipped');
  else {
    const tmp = mkdtempSync(join(tmpdir(), 'bench-yarac-'));
    const compiled = join(tmp, 'rules.yarc');
    const ext = ['filename', 'filepath', 'extension', 'filetype', 'owner'].flatMap((n) => ['-d', `${n}=`]);
    const ruleFiles = YARA_DIRS.flatMap((d) => walk(d)).filter((f) => /\.(yar|yara)$/i.test(f));
    spawnSync('yarac', ['-w', ...ext, ...ruleFiles, compiled]);
    t = performance.now();
    spawnSync('yara', ['-C', '-w', '-p', '2', '-r', compiled, SAMPLES], { stdio: 'ignore', maxBuffer: 64 * MB });
    const yaraS = (performance.now() - t) / 1000;
    console.log(`yara CLI (libyara, precompiled, -p 2) on the same files: ${yaraS.toFixed(2)} s, ${(bytes / MB / yaraS).toFixed(1)} MB/s`);
    rmSync(tmp, { recursive: true, force: true });
  }
  await server.close();
  await runner.close();
  await db.close();
} finally {
  await hunting.close();
  await stack.stop();
}
