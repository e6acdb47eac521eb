import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { SERVER_OPTIONS, serverTimeouts } from '@quarry/rest-compat';
import { isApiPath } from './http-surface.js';

/**
 * The part of Next's programmatic server used here. Loaded through require so its global type
 * augmentations (NODE_ENV made required, and more) stay out of this program's types.
 */
interface NextServer {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}
const createNext = createRequire(import.meta.url)('next') as (opts: { dev: boolean; dir: string; hostname: string; port: number }) => NextServer;

const UI_DIR = fileURLToPath(new URL('../ui', import.meta.url));

/** One HTTP server: the API fronts (http-surface.ts) beside the Next.js UI, which gets every other path. */
export async function startWebServer(opts: { api: Hono; port: number; host: string }): Promise<{ server: Server; close(): Promise<void> }> {
  const ui = createNext({ dev: false, dir: UI_DIR, hostname: opts.host, port: opts.port });
  await ui.prepare();
  const uiHandler = ui.getRequestHandler();
  const apiHandler = getRequestListener(opts.api.fetch);
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    if (isApiPath(req.url ?? '/')) void apiHandler(req, res);
    else void uiHandler(req, res);
  });
  serverTimeouts(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  return {
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
