import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerEnv, workerNodeArgs } from '@quarry/config';
import { freePort } from '@quarry/devstack';
import { WORKER_MAIN } from '@quarry/worker/entry';

export { WORKER_MAIN };

export const WEB_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ADMIN = fileURLToPath(new URL('../../../../packages/db/dist/cli/admin.js', import.meta.url));

/** One node of the deployment: a process started on its own, as an operator would. */
export interface Node {
  name: string;
  child: ChildProcess;
  /** Its HTTP base (API node) or health listener (worker). */
  base: string;
  logs(): string;
}

/** Starts `main` with exactly `env` (plus PATH/HOME) and waits until GET `<base>/readyz` says 200. */
export async function startNode(name: string, main: string, env: Record<string, string>, portVar: 'PORT' | 'WORKER_HEALTH_PORT'): Promise<Node> {
  const port = await freePort();
  const exact = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env, [portVar]: String(port) };
  // Workers start as the supervised one does, with their heap bound and malloc settings.
  const worker = main === WORKER_MAIN;
  const child = spawn(process.execPath, worker ? [...workerNodeArgs(), main] : [main], {
    env: worker ? workerEnv(exact) : exact,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => (text += chunk.toString('utf8'));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const node = { name, child, base: `http://127.0.0.1:${port}`, logs: () => text };
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await fetch(`${node.base}/readyz`).catch(() => undefined);
    if (res?.status === 200) return node;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready (exit ${child.exitCode}):\n${text.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The command lines of a process's children (what it started besides itself). */
export function childCommands(pid: number): string[] {
  const out = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' }).trim();
  return out ? out.split(/\s+/).map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')) : [];
}

/** A user made with the admin CLI against the shared database, as an operator would. */
export function newToken(databaseUrl: string, tier: string): string {
  const out = execFileSync(process.execPath, [ADMIN, 'user', 'create', '--name', `topology-${Date.now()}`, '--tier', tier], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  }).toString();
  return out.trimEnd().split('\n').pop()!;
}

/** Whether any file under `dir` contains `needle` (MinIO keeps objects as plain files on its drive). */
export function anyFileContains(dir: string, needle: Buffer): boolean {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && readFileSync(join(entry.parentPath, entry.name)).includes(needle)) return true;
  }
  return false;
}

/** No token: an anonymous (public) caller. */
export interface Creds {
  token?: string;
  key?: string;
}

const headers = (c: Creds): Record<string, string> => ({
  ...(c.token ? { 'X-Service-Api-Token': c.token } : {}),
  ...(c.key ? { 'X-Service-Api-Enc-Key': c.key } : {}),
});

export async function upload(base: string, files: { name: string; data: Buffer<ArrayBuffer> }[], creds: Creds): Promise<string[]> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.data]), f.name);
  const res = await fetch(`${base}/upload`, { method: 'POST', headers: headers(creds), body: form });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { file_ids: string[][] }).file_ids.map((f) => f[0]!);
}

export async function parseJob(base: string, fileIds: string[], creds: Creds, sigma = false): Promise<string> {
  const res = await fetch(`${base}/analysis/winevtx/parse`, {
    method: 'POST',
    headers: { ...headers(creds), 'content-type': 'application/json' },
    body: JSON.stringify({ file_ids: fileIds, run_sigma_rules: sigma }),
  });
  const body = (await res.json()) as { id: string };
  if (res.status !== 200) throw new Error(`parse job: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

export interface JobView {
  status: string;
  insights: unknown[];
}

export async function jobStatus(base: string, id: string, creds: Creds): Promise<JobView> {
  const res = await fetch(`${base}/analysis/job/${id}`, { headers: headers(creds) });
  if (res.status !== 200) throw new Error(`job ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as JobView;
}

/** Polls a job every `everyMs` until its status is none of `statuses`, or the time is up; its last view. */
export async function waitWhile(base: string, id: string, creds: Creds, statuses: readonly string[], timeoutMs: number, everyMs = 500): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobStatus(base, id, creds);
    if (!statuses.includes(job.status) || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export function waitForJob(base: string, id: string, creds: Creds, timeoutMs = 300_000): Promise<JobView> {
  return waitWhile(base, id, creds, ['Pending', 'Processing'], timeoutMs);
}

/** One page of a job's records through the REST search endpoint (the job's record store). */
export async function searchRecords(base: string, jobId: string, creds: Creds, search = ''): Promise<{ status: number; rows: unknown[] }> {
  const res = await fetch(`${base}/analysis/winevtx/search`, {
    method: 'POST',
    headers: { ...headers(creds), 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: jobId, search, browse_events: true, show: 10 }),
  });
  const body = (await res.json()) as { insights?: { IndexTable?: { data?: unknown[] } }[] };
  return { status: res.status, rows: body.insights?.[0]?.IndexTable?.data ?? [] };
}

export async function deleteJobs(base: string, ids: string[], creds: Creds): Promise<void> {
  const res = await fetch(`${base}/analysis/job/delete`, {
    method: 'POST',
    headers: { ...headers(creds), 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  if (res.status !== 200) throw new Error(`delete jobs: ${res.status} ${await res.text()}`);
}

/** Every file under `dir` named `name`, as paths. */
export function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === name)
    .map((e) => join(e.parentPath, e.name));
}
