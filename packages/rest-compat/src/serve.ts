import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createRestApp } from './app.js';
import type { RestDeps } from './rest-deps.js';

/** Runs the REST layer on its own HTTP server (tests, and deployments without the dashboard). */
export function serveRest(deps: RestDeps, port: number, hostname = '127.0.0.1'): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const app = createRestApp(deps);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
      resolve({
        server: server as Server,
        url: `http://${hostname}:${info.port}`,
        close: () => new Promise((r) => (server as Server).close(() => r())),
      });
    }) as Server;
    // Uploads may take the whole 30 s window; keep Node's own timeouts out of the way.
    server.requestTimeout = 0;
    server.headersTimeout = 60_000;
  });
}
