import type { ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks as webhookRepo } from '@quarry/db';
import { dataConverterFor } from '@quarry/temporal';

/** A Temporal payload as the history holds it (the codec's input and output). */
type Payload = Parameters<NonNullable<ReturnType<typeof dataConverterFor>['payloadCodecs']>[number]['decode']>[0][number];
import { get, post, upload, waitForJob, type Creds, type Reply } from './support/api.js';
import { SAMPLES, newClientKey, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const PREFETCH_NAME = 'CALC.EXE-3FBEF7FD.pf';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback: answers each request as `answer` says and keeps what came. */
async function startReceiver(answer: (r: Received, nth: number) => { status: number; headers?: Record<string, string> }) {
  const seen: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body };
      seen.push(r);
      const { status, headers } = answer(r, seen.filter((s) => s.path === r.path).length);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise((done) => server.close(done)) };
}

const del = async (base: string, path: string, creds: Creds): Promise<Reply> => {
  const res = await fetch(base + path, { method: 'DELETE', headers: creds.token ? { 'X-Service-Api-Token': creds.token } : {} });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined, contentType: res.headers.get('content-type') ?? '' };
};

/** Polls the owner's listing until the webhook's latest delivery is delivered or failed. */
async function settled(base: string, creds: Creds, webhookId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hook = (await get(base, '/analysis/webhooks', creds)).json.webhooks.find((w: { id: string }) => w.id === webhookId);
    const state = hook?.last_delivery?.state;
    if (state === 'delivered' || state === 'failed') return hook;
    if (Date.now() > deadline) throw new Error(`webhook ${webhookId} still ${state ?? 'without a delivery'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const register = (base: string, creds: Creds, url: string, events: string[] = ['job.completed', 'job.failed']) =>
  post(base, '/analysis/webhooks', { url, events }, creds);

describe('webhook registration: rules, ownership, and no private targets (QUARRY_WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    h = await startHarness();
    receiver = await startReceiver(() => ({ status: 204 }));
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.stop();
  });

  test('loopback, 169.254.169.254, a name resolving to loopback and IPv4-mapped loopback are refused', async () => {
    const alice = await createUser(h.db);
    const port = new URL(receiver.base).port;
    for (const [url, reason] of [
      [`http://127.0.0.1:${port}/hook`, 'loopback'],
      ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      [`http://localhost:${port}/hook`, 'loopback'],
      [`http://[::ffff:127.0.0.1]:${port}/hook`, 'loopback'],
      ['https://10.0.0.8/hook', 'private (RFC 1918)'],
      ['http://100.64.0.1/hook', 'CGNAT'],
      ['http://[fd00::1]/hook', 'unique-local'],
    ] as const) {
      const r = await register(h.url, alice, url);
      expect(r.status, url).toBe(400);
      expect(r.json.error, url).toMatch(
        new RegExp(`^Invalid webhook URL: the host .* resolves to a .*${reason.replace(/[()]/g, '\\$&')}.* address .*, which webhooks may not reach$`),
      );
    }
    expect(receiver.seen).toHaveLength(0);
    expect((await get(h.url, '/analysis/webhooks', alice)).json).toEqual({ webhooks: [] });
  });

  test('URL and events are checked, with 400 and a message', async () => {
    const alice = await createUser(h.db);
    const cases: [unknown, string][] = [
      [{ url: 'ftp://93.184.215.14/x', events: ['job.completed'] }, 'Invalid webhook URL: url must be an absolute http:// or https:// URL'],
      [{ url: 'not a url', events: ['job.completed'] }, 'Invalid webhook URL: url must be an absolute http:// or https:// URL'],
      [{ url: 'https://user:pw@93.184.215.14/x', events: ['job.completed'] }, 'Invalid webhook URL: url must not hold credentials (user:password@)'],
      [{ url: `https://93.184.215.14/${'a'.repeat(2048)}`, events: ['job.completed'] }, 'Invalid webhook URL: url must be at most 2048 characters'],
      [{ url: 'https://93.184.215.14/x', events: [] }, 'events must be a non-empty list of job.completed, job.failed'],
      [{ url: 'https://93.184.215.14/x', events: ['job.started'] }, 'events must be a non-empty list of job.completed, job.failed'],
      [{ url: 'https://93.184.215.14/x' }, 'events must be a non-empty list of job.completed, job.failed'],
      [{ url: 42, events: ['job.completed'] }, 'url must be a string'],
    ];
    for (const [body, message] of cases) {
      const r = await post(h.url, '/analysis/webhooks', body, alice);
      expect({ status: r.status, body: r.json }, JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, body: { error: message } });
    }
    expect((await post(h.url, '/analysis/webhooks', { url: 'https://93.184.215.14/x', events: ['job.completed'] })).status).toBe(401);
  });

  test('the secret is shown once; listings never hold it; it is sealed in the database; each user sees and deletes only their own', async () => {
    const alice = await createUser(h.db);
    const bob = await createUser(h.db);
    const created = await register(h.url, alice, 'https://93.184.215.14/alice?token=abc', ['job.completed', 'job.completed']);
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(String),
      url: 'https://93.184.215.14/alice?token=abc',
      events: ['job.completed'],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { id, secret } = created.json as { id: string; secret: string };
    const secretBytes = Buffer.from(secret.slice('whsec_'.length), 'base64');

    const listed = await get(h.url, '/analysis/webhooks', alice);
    expect(listed.json).toEqual({
      webhooks: [{ id, url: created.json.url, events: ['job.completed'], created_at: created.json.created_at, last_delivery: null }],
    });
    expect(listed.text).not.toContain(secret.slice('whsec_'.length));
    const target = await webhookRepo.getTarget(h.db, id);
    expect(target!.sealedSecret.includes(secretBytes)).toBe(false);
    expect(target!.sealedSecret.toString('base64')).not.toContain(secret.slice('whsec_'.length, 20));

    expect((await get(h.url, '/analysis/webhooks', bob)).json).toEqual({ webhooks: [] });
    expect(await del(h.url, `/analysis/webhooks/${id}`, bob)).toMatchObject({ status: 404, json: { error: 'Webhook not found' } });
    expect(await del(h.url, '/analysis/webhooks/not-a-uuid', alice)).toMatchObject({ status: 404, json: { error: 'Webhook not found' } });
    expect(await del(h.url, `/analysis/webhooks/${id}`, {})).toMatchObject({ status: 401 });
    expect(await del(h.url, `/analysis/webhooks/${id}`, alice)).toMatchObject({ status: 200, json: { message: 'Webhook deleted successfully' } });
    expect((await get(h.url, '/analysis/webhooks', alice)).json).toEqual({ webhooks: [] });
    expect(h.logText()).not.toContain(secret.slice('whsec_'.length));
  });

  test('at most 10 webhooks per user', async () => {
    const carol = await createUser(h.db);
    for (let i = 0; i < 10; i++) expect((await register(h.url, carol, `https://93.184.215.14/${i}`)).status).toBe(200);
    expect((await register(h.url, carol, 'https://93.184.215.14/10')).json).toEqual({ error: 'Too many webhooks: the limit is 10 per user' });
  });
});

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('webhook deliveries through the real worker and Temporal', () => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let redirected: Awaited<ReturnType<typeof startReceiver>>;
  let worker: ChildProcess | undefined;
  beforeAll(async () => {
    // The REST server may register loopback URLs here: the receivers run on this host.
    h = await startHarness({ allowPrivateWebhooks: true });
    redirected = await startReceiver(() => ({ status: 200 }));
    receiver = await startReceiver((r, nth) => {
      if (r.path.startsWith('/flaky')) return { status: nth === 1 ? 500 : 204 };
      if (r.path.startsWith('/redirect')) return { status: 302, headers: { location: `${redirected.base}/stolen` } };
      if (r.path.startsWith('/metadata')) return { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
      return { status: 204 };
    });
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await receiver?.close();
    await redirected?.close();
    await h?.stop();
  });

  const stopWorker = async () => {
    if (!worker || worker.exitCode !== null) return;
    const exited = new Promise((r) => worker!.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  };

  async function privateJob(creds: Creds, category: 'prefetch' | 'winevtx'): Promise<string> {
    const fileId = (await upload(h.url, [{ path: PREFETCH }], creds)).json.file_ids[0][0];
    const options = category === 'winevtx' ? { run_sigma_rules: false } : {};
    const job = await post(h.url, `/analysis/${category}/parse`, { file_ids: [fileId], ...options }, creds);
    expect(job.status, job.text).toBe(200);
    return job.json.id as string;
  }

  test('a worker without QUARRY_WEBHOOK_ALLOW_PRIVATE checks again at delivery and never connects to loopback', async () => {
    worker = await h.startWorker();
    const alice = { ...(await createUser(h.db)), key: newClientKey() };
    const hook = (await register(h.url, alice, `${receiver.base}/refused`)).json;
    const jobId = await privateJob(alice, 'prefetch');
    expect((await waitForJob(h.url, jobId, alice)).json.status).toBe('Completed');
    const listed = await settled(h.url, alice, hook.id);
    expect(listed.last_delivery).toMatchObject({ job_id: jobId, event: 'job.completed', state: 'failed', attempts: 1, last_status: null });
    expect(listed.last_delivery.last_error).toMatch(/resolves to a loopback address \(127\.0\.0\.1\), which webhooks may not reach/);
    expect(receiver.seen.filter((r) => r.path === '/refused')).toHaveLength(0);
    await stopWorker();
  });

  test('signed per Standard Webhooks, retried after a 500, ids and status only: no file or job name of a private job', async () => {
    worker = await h.startWorker({ QUARRY_WEBHOOK_ALLOW_PRIVATE: '1' });
    const alice = { ...(await createUser(h.db)), key: newClientKey() };
    const completed = (await register(h.url, alice, `${receiver.base}/flaky-completed`, ['job.completed'])).json;
    const failed = (await register(h.url, alice, `${receiver.base}/failed`, ['job.failed'])).json;
    const okJob = await privateJob(alice, 'prefetch');
    // A prefetch file parsed as EVTX: the job fails with a message naming the file.
    const badJob = await privateJob(alice, 'winevtx');
    const okDone = await waitForJob(h.url, okJob, alice);
    const badDone = await waitForJob(h.url, badJob, alice);
    expect(okDone.json.status).toBe('Completed');
    expect(badDone.json.status).toBe('Failed');
    expect(JSON.stringify(badDone.json.insights)).toContain(PREFETCH_NAME);

    const listedOk = await settled(h.url, alice, completed.id);
    expect(listedOk.last_delivery).toMatchObject({
      job_id: okJob,
      event: 'job.completed',
      state: 'delivered',
      attempts: 2,
      last_status: 204,
      last_error: null,
    });
    const listedBad = await settled(h.url, alice, failed.id);
    expect(listedBad.last_delivery).toMatchObject({ job_id: badJob, event: 'job.failed', state: 'delivered', attempts: 1, last_status: 204 });

    const flaky = receiver.seen.filter((r) => r.path === '/flaky-completed');
    expect(flaky).toHaveLength(2);
    // The retry is the same message: same id and body, signed again at its own time.
    expect(flaky[1]!.headers['webhook-id']).toBe(flaky[0]!.headers['webhook-id']);
    expect(flaky[1]!.body).toBe(flaky[0]!.body);
    for (const r of flaky) expect(new Webhook(completed.secret).verify(r.body, r.headers as Record<string, string>)).toEqual(JSON.parse(r.body));
    const failedSeen = receiver.seen.filter((r) => r.path === '/failed');
    expect(failedSeen).toHaveLength(1);
    const failedBody = new Webhook(failed.secret).verify(failedSeen[0]!.body, failedSeen[0]!.headers as Record<string, string>);
    // Another webhook's secret does not verify it.
    expect(() => new Webhook(completed.secret).verify(failedSeen[0]!.body, failedSeen[0]!.headers as Record<string, string>)).toThrow();

    expect(JSON.parse(flaky[0]!.body)).toEqual({
      type: 'job.completed',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: { job_id: okJob, status: 'Completed', category: 'prefetch' },
    });
    expect(failedBody).toEqual({ type: 'job.failed', timestamp: expect.any(String), data: { job_id: badJob, status: 'Failed', category: 'winevtx' } });
    for (const r of [...flaky, ...failedSeen]) {
      expect(r.body).not.toContain('CALC');
      expect(r.body).not.toContain(okDone.json.job_name);
      expect(r.body).not.toContain(badDone.json.job_name);
      expect(r.headers['content-type']).toBe('application/json');
    }
    // Neither the URL nor the secret reaches the logs.
    expect(h.logText()).not.toContain('/flaky-completed');
    expect(h.logText()).not.toContain(completed.secret.slice('whsec_'.length));
  });

  test('Temporal history holds ids only: no URL, no secret', async () => {
    const alice = { ...(await createUser(h.db)), key: newClientKey() };
    const hook = (await register(h.url, alice, `${receiver.base}/history-check`, ['job.completed'])).json;
    const jobId = await privateJob(alice, 'prefetch');
    await waitForJob(h.url, jobId, alice);
    await settled(h.url, alice, hook.id);
    const history = await h.temporal.workflow.getHandle(`quarry-webhooks-${jobId}`).fetchHistory();
    // Payloads are encrypted under the master key: decrypt them to see what the workflow carried.
    const payloads: Payload[] = [];
    const collect = (v: unknown): void => {
      if (!v || typeof v !== 'object') return;
      if ('metadata' in v && 'data' in v) payloads.push(v as Payload);
      else for (const child of Object.values(v)) collect(child);
    };
    collect(history);
    const codec = dataConverterFor(Buffer.from(h.stack.masterKey, 'base64')).payloadCodecs![0]!;
    const decoded = (await codec.decode(payloads)).map((p) => Buffer.from(p.data ?? []).toString('utf8')).join('\n');
    const deliveryId = (await get(h.url, '/analysis/webhooks', alice)).json.webhooks[0].last_delivery;
    expect(deliveryId.state).toBe('delivered');
    // The ids are there (the check can see plaintext), the URL and the secret are not.
    expect(decoded).toContain(jobId);
    expect(decoded).not.toContain('history-check');
    expect(decoded).not.toContain(receiver.base);
    expect(decoded).not.toContain(hook.secret.slice('whsec_'.length));
  });

  test('redirects are not followed, to a private address or anywhere: a failed delivery, not retried', async () => {
    const alice = { ...(await createUser(h.db)), key: newClientKey() };
    const toReceiver = (await register(h.url, alice, `${receiver.base}/redirect`, ['job.completed'])).json;
    const toMetadata = (await register(h.url, alice, `${receiver.base}/metadata`, ['job.completed'])).json;
    const jobId = await privateJob(alice, 'prefetch');
    await waitForJob(h.url, jobId, alice);
    for (const hook of [toReceiver, toMetadata]) {
      const listed = await settled(h.url, alice, hook.id);
      expect(listed.last_delivery).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_status: 302,
        last_error: 'the receiver answered 302: redirects are not followed',
      });
    }
    expect(receiver.seen.filter((r) => r.path === '/redirect')).toHaveLength(1);
    expect(redirected.seen).toHaveLength(0);
  });
});
