import { createHash } from 'node:crypto';
import type { Stats } from './stats.js';

export type Kind = 'winevtx' | 'registry' | 'prefetch';

export interface ClientIdentity {
  /** Authenticated clients upload private (encrypted) files with their key. */
  token?: string;
  key?: string;
}

export interface AcceptedUpload {
  id: string;
  sha: string;
  key: string | null;
}

export interface TrackedJob {
  id: string;
  kind: Kind;
  creds: ClientIdentity;
  status: string;
  insights: number;
}

export interface Ledger {
  uploads: AcceptedUpload[];
  jobs: TrackedJob[];
}

export interface Evidence {
  kind: Kind;
  name: string;
  data: Uint8Array<ArrayBuffer>;
}

const REQUEST_TIMEOUT_MS = 60_000;

/** The spec's polling schedule: every 5 s in the first minute, 15 s until 5 minutes, then 30 s. */
export const pollDelayMs = (ageMs: number): number => (ageMs < 60_000 ? 5_000 : ageMs < 300_000 ? 15_000 : 30_000);

/** One timed request; status 0 means no answer (refused, reset, or over the timeout). */
async function call(stats: Stats, endpoint: string, url: string, init: RequestInit, creds: ClientIdentity): Promise<{ status: number; json: any }> {
  const headers = new Headers(init.headers);
  if (creds.token) headers.set('X-Service-Api-Token', creds.token);
  if (creds.key) headers.set('X-Service-Api-Enc-Key', creds.key);
  const start = performance.now();
  try {
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    stats.record(endpoint, performance.now() - start, res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  } catch {
    stats.record(endpoint, performance.now() - start, 0);
    return { status: 0, json: undefined };
  }
}

const jsonPost = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** Polls a job on the spec's schedule until it leaves Pending/Processing (or `until` passes). */
export async function pollJob(stats: Stats, base: string, job: TrackedJob, until: number): Promise<void> {
  const born = Date.now();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, Math.min(pollDelayMs(Date.now() - born), Math.max(0, until - Date.now()))));
    const r = await call(stats, 'GET job status', `${base}/analysis/job/${job.id}`, {}, job.creds);
    if (r.status !== 200) continue;
    job.status = r.json.status;
    job.insights = Array.isArray(r.json.insights) ? r.json.insights.length : 0;
    if (job.status !== 'Pending' && job.status !== 'Processing') return;
  }
}

/**
 * One client, closed loop (no think time) until `stopAt`: uploads evidence of each kind and parses
 * it (polling in the background), searches its completed EVTX jobs, runs inline scans and lookups,
 * and lists its files and jobs when signed in. Everything accepted goes into the ledger.
 */
export async function runClient(opts: {
  base: string;
  creds: ClientIdentity;
  evidence: Evidence[];
  stats: Stats;
  ledger: Ledger;
  stopAt: number;
  pollers: Promise<void>[];
  pollUntil: number;
  seed: number;
}): Promise<void> {
  const { base, creds, stats, ledger } = opts;
  let step = opts.seed;
  const mine: TrackedJob[] = [];
  const actions = ['upload', 'search', 'lookup', 'yara', 'sigma', 'search', 'lookup', 'list'] as const;
  while (Date.now() < opts.stopAt) {
    const action = actions[step++ % actions.length]!;
    if (action === 'upload' && mine.filter((j) => j.status === 'Pending' || j.status === 'Processing').length < 4) {
      const ev = opts.evidence[step % opts.evidence.length]!;
      const form = new FormData();
      form.append('files', new Blob([ev.data]), ev.name);
      const up = await call(stats, 'POST upload', `${base}/analysis/upload`, { method: 'POST', body: form }, creds);
      if (up.status !== 200) continue;
      const id = up.json.file_ids[0][0] as string;
      ledger.uploads.push({ id, sha: createHash('sha256').update(ev.data).digest('hex'), key: creds.key ?? null });
      const body = ev.kind === 'winevtx' ? { file_ids: [id], run_sigma_rules: true } : { file_ids: [id] };
      const created = await call(stats, `POST ${ev.kind}/parse`, `${base}/analysis/${ev.kind}/parse`, jsonPost(body), creds);
      if (created.status !== 200) continue;
      const job: TrackedJob = { id: created.json.id, kind: ev.kind, creds, status: 'Pending', insights: 0 };
      ledger.jobs.push(job);
      mine.push(job);
      opts.pollers.push(pollJob(stats, base, job, opts.pollUntil));
    } else if (action === 'search') {
      const done = mine.find((j) => j.kind === 'winevtx' && j.status === 'Completed');
      if (!done) continue;
      await call(
        stats,
        'POST winevtx/search',
        `${base}/analysis/winevtx/search`,
        jsonPost({ job_id: done.id, search: 'logon', browse_events: step % 2 === 0 }),
        creds,
      );
    } else if (action === 'lookup') {
      await call(
        stats,
        'POST lookup',
        `${base}/analysis/lookup`,
        jsonPost({ module: step % 2 ? 'file_name' : 'event_id', search: step % 2 ? 'svchost' : '4624' }),
        creds,
      );
    } else if (action === 'yara' || action === 'sigma') {
      const data =
        action === 'yara'
          ? Buffer.alloc(64 * 1024, step % 251).toString('base64')
          : Buffer.from(JSON.stringify({ EventID: 4688, CommandLine: 'powershell -enc AAAA' })).toString('base64');
      await call(stats, `POST ${action}/data`, `${base}/analysis/${action}/data`, jsonPost({ test_data: data, operation: 'run_community_rules' }), creds);
    } else if (action === 'list' && creds.token) {
      await call(stats, step % 2 ? 'GET file/list' : 'GET job/list', `${base}/analysis/${step % 2 ? 'file' : 'job'}/list`, {}, creds);
    }
  }
}
