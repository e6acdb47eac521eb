import type { Server } from 'node:http';

/** A request's headers must arrive within this (slow headers are the classic slowloris). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** A connection with no byte either way for this long is closed (a stalled body, a dead peer). */
export const IDLE_TIMEOUT_MS = 120_000;

/**
 * Node's timeouts for every server that carries the API. There is no total request time
 * (requestTimeout 0): a tus PATCH of a large file legitimately streams for minutes. What bounds a
 * slow client instead: the headers deadline here, the idle timeout, the 30 s windows of uploads
 * and JSON bodies in the REST layer (body-limits.ts), and the body caps.
 */
export function serverTimeouts(server: Server, headersMs = HEADERS_TIMEOUT_MS): void {
  server.requestTimeout = 0;
  server.headersTimeout = headersMs;
  server.timeout = IDLE_TIMEOUT_MS;
}

/** Options to create the server with: headers and request times are checked every 5 s (Node: 30 s). */
export const SERVER_OPTIONS = { connectionsCheckingInterval: 5_000 };
