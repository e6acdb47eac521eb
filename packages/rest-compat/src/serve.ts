import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createRestApp } from './app.js';
import type { RestDeps } from './rest-deps.js';
import { SERVER_OPTIONS, serverTimeouts } from './server-timeouts.js';

/** Runs the REST layer on its own HTTP server (tests, and deployments without the dashboard). */
export function serveRest(deps: RestDeps, port: number, hostname = '127.0.0.1'): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const app = createRestApp(deps);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname, serverOptions: SERVER_OPTIONS }, (info) => {
      resolve({
        server: server as Server,
        url: `http://${hostname}:${info.port}`,
        close: () => new Promise((r) => (server as Server).close(() => r())),
      });
    }) as Server;
    serverTimeouts(server as Server, deps.headersTimeoutMs);
  });
}
