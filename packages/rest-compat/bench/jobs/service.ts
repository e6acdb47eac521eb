/**
 * The running service for `npm run bench:jobs`: ephemeral PostgreSQL + Temporal (loopback only),
 * the REST server and the worker, each in its own process so the worker's CPU time and peak RSS
 * are its own. Uploads and jobs go through the public REST endpoints, anonymously (public files,
 * no encryption), as a client would send them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createLogger, loadEnv, workerEnv, workerNodeArgs } from '@quarry/config';
import { freePort, startStack, type Stack } from '@quarry/devstack';
import { createDb, migrate, tokens, users } from '@quarry/db';
import type { EvidenceType } from '@quarry/vocabulary';
import { WORKER_MAIN } from '@quarry/worker/entry';

const SERVER = fileURLToPath(new URL('../upload-server.ts', import.meta.url));
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const MiB = 1024 * 1024;

export interface Insight {
  Table?: { title: string; data: string[][] };
  Metadata?: { title: string; data: Record<string, string> };
  [kind: string]: unknown;
}

export interface JobRun {
  id: string;
  status: string;
  /** Parse request sent → the status answer that says Completed (or Failed). */
  seconds: number;
  /** Worker process user + system CPU seconds over the job. */
  cpuSeconds: number;
  /** Worker VmHWM over the job (reset before it), bytes. */
  peakRss: number;
  /** Worker VmRSS before the job, bytes. */
  idleRss: number;
  insights: Insight[];
}

/** An API token and the caller's encryption key (anonymous jobs get the anonymous tier's one slot). */
export interface Caller {
  token: string;
  key: string;
}

const callerHeaders = (c?: Caller): Record<string, string> => (c ? { 'X-Service-Api-Token': c.token, 'X-Service-Api-Enc-Key': c.key } : {});

/** A user of the enterprise tier and a token, through the repositories the admin CLI uses. */
async function enterpriseCaller(databaseUrl: string): Promise<Caller> {
  const db = createDb(databaseUrl);
  try {
    const user = await users.create(db, { name: 'bench-enterprise', tier: 'enterprise' });
    const { token } = await tokens.create(db, { userId: user.id });
    return { token, key: randomBytes(32).toString('base64') };
  } finally {
    await db.close();
  }
}

export interface ConcurrentRun {
  /** Each job: its status, seconds from the first request to its end, and how long it was seen Pending at most. */
  jobs: { id: string; status: string; seconds: number; queuedSeconds: number }[];
  seconds: number;
  cpuSeconds: number;
  peakRss: number;
  idleRss: number;
}

export interface Service {
  base: string;
  /** The running worker's process (a new one after restartWorker). */
  readonly workerPid: number;
  /** The REST server's process (bench:export samples its RSS while it streams an export). */
  serverPid: number;
  /** An enterprise-tier user (four slots) with a client key: its files and jobs are private. */
  enterprise: Caller;
  uploadFile(path: string, name?: string, creds?: Caller): Promise<string>;
  /** Each file in turn, under its own name; their ids in the same order. */
  uploadAll(paths: readonly string[], creds?: Caller): Promise<string[]>;
  runJob(category: EvidenceType, body: Record<string, unknown>, timeoutS?: number): Promise<JobRun>;
  /** Jobs sent together; the worker's peak RSS over all of them. */
  runJobsAtOnce(category: EvidenceType, bodies: Record<string, unknown>[], creds?: Caller, timeoutS?: number): Promise<ConcurrentRun>;
  /** The worker's main thread answers (its liveness probe): not busy writing a heap snapshot, say. */
  responsive(): Promise<boolean>;
  /** Stops the worker and starts a fresh one with this environment besides the service's own (e.g. QUARRY_BENCH_SKIP_RECORD_STORES). */
  restartWorker(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export const procField = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

/** utime + stime of a process (all its threads), seconds. */
export const procCpu = (pid: number): number => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' '); // f[0] is field 3 (state)
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
};

function waitForLine(child: ChildProcess, needle: string, what: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (d: Buffer) => {
      tail = (tail + d.toString()).slice(-4096);
      if (tail.includes(needle)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${tail}`));
    });
  });
}

/** Drains a child's pipes without keeping what they say (bounded memory), echoing errors. */
function drain(child: ChildProcess, label: string): void {
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${label}] ${d.toString()}`));
}

async function stopChild(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

export interface ServiceOptions {
  sigmaRules: string;
  /** Node options for the worker besides the service's own (workerNodeArgs), e.g. `--heapsnapshot-signal=SIGUSR2`. */
  workerArgs?: string[];
  /** The worker's working directory (where signalled heap snapshots are written). */
  workerCwd?: string;
  /** Extra worker environment (e.g. WORKER_JOB_MEMORY_MB). */
  workerEnv?: Record<string, string>;
}

export async function startService(opts: ServiceOptions): Promise<Service> {
  const log = createLogger('bench-jobs');
  const stack: Stack = await startStack({
    env: loadEnv({ ...process.env, DATABASE_URL: undefined, TEMPORAL_ADDRESS: undefined, LOG_LEVEL: 'warn' }),
    log,
    ephemeral: true,
  });
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const c of children.reverse()) await stopChild(c).catch(() => undefined);
    await stack.stop();
  };
  try {
    await migrate(stack.databaseUrl);
    const enterprise = await enterpriseCaller(stack.databaseUrl);
    const common = {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      QUARRY_MASTER_KEY: stack.masterKey.toString('base64'),
      QUARRY_DATA_DIR: stack.dataDir,
      BLOB_DIR: stack.blobDir,
      HOST: '127.0.0.1',
    };
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...common, PORT: String(port), LOG_LEVEL: 'warn', BENCH_UPLOAD_TIMEOUT_MS: '600000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(server);
    await waitForLine(server, 'listening', 'REST server');
    drain(server, 'server');
    // As the service starts its worker (apps/web worker-process.ts): with the heap bound and malloc settings.
    const healthPort = await freePort();
    const startWorker = async (env: Record<string, string> = {}): Promise<ChildProcess> => {
      const worker = spawn(process.execPath, [...workerNodeArgs(), ...(opts.workerArgs ?? []), WORKER_MAIN], {
        env: workerEnv({
          ...common,
          QUARRY_SIGMA_RULES: opts.sigmaRules,
          LOG_LEVEL: 'info',
          WORKER_HEALTH_PORT: String(healthPort),
          ...opts.workerEnv,
          ...env,
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(opts.workerCwd ? { cwd: opts.workerCwd } : {}),
      });
      children.push(worker);
      await waitForLine(worker, 'worker ready', 'worker');
      drain(worker, 'worker');
      // BENCH_WORKER_LOG=file keeps the worker's log lines (admission, idle collections, retried attempts).
      if (process.env.BENCH_WORKER_LOG) worker.stdout?.pipe(createWriteStream(process.env.BENCH_WORKER_LOG, { flags: 'a' }));
      return worker;
    };
    let worker = await startWorker();
    const base = `http://127.0.0.1:${port}`;
    let workerPid = worker.pid!;
    const restartWorker = async (env?: Record<string, string>): Promise<void> => {
      await stopChild(worker);
      children.splice(children.indexOf(worker), 1);
      worker = await startWorker(env);
      workerPid = worker.pid!;
    };

    const uploadFile = async (path: string, name = basename(path), creds?: Caller): Promise<string> => {
      const boundary = `quarrybench${Date.now().toString(36)}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name.replace(/"/g, '_')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      async function* parts() {
        yield head;
        for await (const c of createReadStream(path, { highWaterMark: MiB })) yield c as Buffer;
        yield tail;
      }
      const res = await fetch(`${base}/upload`, {
        method: 'POST',
        body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + statSync(path).size + tail.length),
          ...callerHeaders(creds),
        },
        duplex: 'half',
      } as RequestInit);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`upload of ${path} failed: ${res.status} ${text}`);
      const ids = (JSON.parse(text) as { file_ids: [string, string][] }).file_ids;
      return ids[0]![0];
    };

    const uploadAll = async (paths: readonly string[], creds?: Caller): Promise<string[]> => {
      const ids: string[] = [];
      for (const p of paths) ids.push(await uploadFile(p, basename(p), creds));
      return ids;
    };

    const submit = async (category: EvidenceType, body: Record<string, unknown>, creds?: Caller): Promise<string> => {
      const res = await fetch(`${base}/analysis/${category}/parse`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...callerHeaders(creds) },
        body: JSON.stringify(body),
      });
      const created = await res.text();
      if (res.status !== 200) throw new Error(`parse request failed: ${res.status} ${created}`);
      return (JSON.parse(created) as { id: string }).id;
    };

    /** Polls the job until it is finished; `onStatus` sees every answer (e.g. when it left Pending). */
    const finished = async (id: string, t0: number, timeoutS: number, onStatus?: (status: string) => void, creds?: Caller) => {
      for (;;) {
        const r = await fetch(`${base}/analysis/job/${id}`, { headers: callerHeaders(creds) });
        const text = await r.text();
        if (r.status !== 200) throw new Error(`job status failed: ${r.status} ${text}`);
        const job = JSON.parse(text) as { status: string; insights?: Insight[] };
        onStatus?.(job.status);
        if (job.status === 'Completed' || job.status === 'Failed')
          return { status: job.status, insights: job.insights ?? [], seconds: (performance.now() - t0) / 1000 };
        if ((performance.now() - t0) / 1000 > timeoutS) throw new Error(`job ${id} still ${job.status} after ${timeoutS} s`);
        // The wait between polls grows with the job (1% of its time so far, 20-200 ms): a job of a
        // few seconds is not measured a whole 200 ms poll late, and a long one is not polled hard.
        await new Promise((r) => setTimeout(r, Math.min(200, Math.max(20, (performance.now() - t0) / 100))));
      }
    };

    /**
     * Waits until the worker is idle as between an analyst's jobs: past its idle collection (2 s
     * after a job, apps/worker/src/idle-release.ts) and then quiet (under 5 ms of CPU in 250 ms; at
     * most 10 s). A job started at once after another inherited its garbage and grown heap and
     * whatever it left running, and measured 3-15% more CPU than the same job started idle.
     */
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 2_500));
      const until = performance.now() + 10_000;
      for (let before = procCpu(workerPid); performance.now() < until;) {
        await new Promise((r) => setTimeout(r, 250));
        const now = procCpu(workerPid);
        if (now - before < 0.005) return;
        before = now;
      }
    };

    /** Resets the worker's VmHWM and notes its RSS and CPU time, once it is quiet: the start of a measurement. */
    const mark = async () => {
      await settle();
      global.gc?.();
      const idleRss = procField(workerPid, 'VmRSS');
      writeFileSync(`/proc/${workerPid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      return { idleRss, cpu0: procCpu(workerPid), t0: performance.now() };
    };

    const runJob = async (category: EvidenceType, body: Record<string, unknown>, timeoutS = 1800): Promise<JobRun> => {
      const { idleRss, cpu0, t0 } = await mark();
      const id = await submit(category, body);
      const done = await finished(id, t0, timeoutS);
      return { id, ...done, cpuSeconds: procCpu(workerPid) - cpu0, peakRss: procField(workerPid, 'VmHWM'), idleRss };
    };

    const runJobsAtOnce = async (category: EvidenceType, bodies: Record<string, unknown>[], creds?: Caller, timeoutS = 7200): Promise<ConcurrentRun> => {
      const { idleRss, cpu0, t0 } = await mark();
      const ids = await Promise.all(bodies.map((b) => submit(category, b, creds)));
      const jobs = await Promise.all(
        ids.map(async (id) => {
          let queuedS = 0;
          const done = await finished(
            id,
            t0,
            timeoutS,
            (status) => {
              if (status === 'Pending') queuedS = (performance.now() - t0) / 1000;
            },
            creds,
          );
          return { id, status: done.status, seconds: done.seconds, queuedSeconds: queuedS };
        }),
      );
      return { jobs, seconds: (performance.now() - t0) / 1000, cpuSeconds: procCpu(workerPid) - cpu0, peakRss: procField(workerPid, 'VmHWM'), idleRss };
    };

    const responsive = () =>
      fetch(`http://127.0.0.1:${healthPort}/healthz`, { signal: AbortSignal.timeout(500) }).then(
        (r) => r.ok,
        () => false,
      );

    return {
      base,
      get workerPid() {
        return workerPid;
      },
      serverPid: server.pid!,
      enterprise,
      uploadFile,
      uploadAll,
      runJob,
      runJobsAtOnce,
      responsive,
      restartWorker,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
