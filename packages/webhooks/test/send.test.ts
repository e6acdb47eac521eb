import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { resolveTarget, type Resolver } from '../src/resolve.js';
import { sendWebhook, type SendRequest } from '../src/send.js';

interface Seen {
  host: string | undefined;
  body: string;
}

/** A real receiver on loopback that answers with `status` (and headers) and remembers what came. */
async function receiver(status: number, headers: Record<string, string> = {}, delayMs = 0): Promise<{ server: Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ host: req.headers.host, body });
      setTimeout(() => res.writeHead(status, headers).end(), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const fixed =
  (answers: Record<string, string[]>): Resolver =>
  async (host) =>
    (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const send = (url: string, over: Partial<SendRequest> = {}) =>
  sendWebhook({ url, headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}', policy: { allowPrivate: false }, timeoutMs: 2_000, ...over });

describe('where webhooks may connect (SSRF)', () => {
  test.each(['127.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', '10.0.0.5'])('the literal %s is refused', async (ip) => {
    await expect(resolveTarget(ip, { allowPrivate: false })).rejects.toThrow(/which webhooks may not reach/);
  });

  test('localhost, a name the system resolver maps to loopback, is refused', async () => {
    await expect(resolveTarget('localhost', { allowPrivate: false })).rejects.toThrow(/resolves to a loopback address/);
  });

  test('a name resolving to 127.0.0.1 is refused, and so is one with a private answer among public ones', async () => {
    const resolver = fixed({ 'evil.test': ['127.0.0.1'], 'mixed.test': ['93.184.215.14', '169.254.169.254'], 'ok.test': ['93.184.215.14'] });
    await expect(resolveTarget('evil.test', { allowPrivate: false, resolver })).rejects.toThrow(/loopback/);
    await expect(resolveTarget('mixed.test', { allowPrivate: false, resolver })).rejects.toThrow(/link-local/);
    await expect(resolveTarget('ok.test', { allowPrivate: false, resolver })).resolves.toEqual({ address: '93.184.215.14', family: 4 });
  });

  test('the operator may allow private targets', async () => {
    await expect(resolveTarget('localhost', { allowPrivate: true })).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });
});

describe('sendWebhook over real HTTP', () => {
  const servers: Server[] = [];
  const start = async (...args: Parameters<typeof receiver>) => {
    const r = await receiver(...args);
    servers.push(r.server);
    return r;
  };
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  test('a receiver on loopback is never contacted without the operator allowing it', async () => {
    const r = await start(200);
    for (const host of ['127.0.0.1', 'localhost']) {
      const outcome = await send(`http://${host}:${r.port}/hook`);
      expect(outcome).toMatchObject({ kind: 'rejected', status: null });
    }
    const rebound = await send(`http://rebind.test:${r.port}/hook`, { policy: { allowPrivate: false, resolver: fixed({ 'rebind.test': ['127.0.0.1'] }) } });
    expect(rebound).toMatchObject({ kind: 'rejected', status: null, error: expect.stringMatching(/loopback/) });
    expect(r.seen).toHaveLength(0);
  });

  test('the connection goes to the judged address, under the URL host name', async () => {
    const r = await start(204);
    const outcome = await send(`http://receiver.test:${r.port}/hook`, { policy: { allowPrivate: true, resolver: fixed({ 'receiver.test': ['127.0.0.1'] }) } });
    expect(outcome).toEqual({ kind: 'delivered', status: 204 });
    expect(r.seen).toEqual([{ host: `receiver.test:${r.port}`, body: '{"a":1}' }]);
  });

  test('a redirect to a private address is not followed: a failed delivery, not retried', async () => {
    const target = await start(200);
    const r = await start(302, { location: `http://169.254.169.254/latest/meta-data/` });
    const toLoopback = await start(307, { location: `http://127.0.0.1:${target.port}/` });
    const allow = { allowPrivate: true };
    expect(await send(`http://127.0.0.1:${r.port}/`, { policy: allow })).toMatchObject({
      kind: 'rejected',
      status: 302,
      error: expect.stringMatching(/redirects are not followed/),
    });
    expect(await send(`http://127.0.0.1:${toLoopback.port}/`, { policy: allow })).toMatchObject({ kind: 'rejected', status: 307 });
    expect(r.seen).toHaveLength(1);
    expect(toLoopback.seen).toHaveLength(1);
    expect(target.seen).toHaveLength(0);
  });

  test('5xx, 429 and timeouts are retried; other 4xx are not', async () => {
    const allow = { allowPrivate: true };
    for (const [status, kind] of [
      [500, 'retry'],
      [503, 'retry'],
      [429, 'retry'],
      [400, 'rejected'],
      [404, 'rejected'],
      [410, 'rejected'],
    ] as const) {
      const r = await start(status);
      expect(await send(`http://127.0.0.1:${r.port}/`, { policy: allow })).toMatchObject({ kind, status });
    }
    const slow = await start(200, {}, 1_500);
    expect(await send(`http://127.0.0.1:${slow.port}/`, { policy: allow, timeoutMs: 300 })).toMatchObject({
      kind: 'retry',
      status: null,
      error: expect.stringMatching(/no answer within 300 ms/),
    });
  });

  test('a closed port is a network error worth a retry', async () => {
    const r = await start(200);
    const port = r.port;
    await new Promise((done) => r.server.close(done));
    servers.splice(servers.indexOf(r.server), 1);
    expect(await send(`http://127.0.0.1:${port}/`, { policy: { allowPrivate: true } })).toMatchObject({
      kind: 'retry',
      status: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
