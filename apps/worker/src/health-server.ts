import { createServer } from 'node:http';

export type ReadinessChecks = () => Promise<Record<string, boolean>>;

/**
 * The worker's probes on their own small HTTP listener (a worker serves no other HTTP):
 * GET /healthz answers 200 while the process runs (liveness); GET /readyz 200 when every check
 * passes, else 503, with the checks in the body either way.
 */
export async function startHealthServer(opts: { port: number; host: string; checks: ReadinessChecks }): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return reply(405, { error: 'method not allowed' });
    if (req.url === '/healthz') return reply(200, { ok: true });
    if (req.url !== '/readyz') return reply(404, { error: 'not found' });
    opts.checks().then(
      (checks) => {
        const ok = Object.values(checks).every(Boolean);
        reply(ok ? 200 : 503, { ok, checks });
      },
      () => reply(503, { ok: false }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
