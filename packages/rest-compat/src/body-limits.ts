import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { EVIDENCE_TYPES, evidenceTypes } from '@quarry/vocabulary';
import { CONTRACT, type EndpointName } from './contract.js';
import { errorBody } from './respond.js';
import { Admission } from './admission.js';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The endpoints whose body is JSON (upload is multipart and has its own per-file limit). */
export type JsonEndpoint = Exclude<{ [K in EndpointName]: (typeof CONTRACT)[K]['method'] extends 'POST' ? K : never }[EndpointName], 'upload'>;

/**
 * The largest body each JSON endpoint reads, with the reason. Every cap sits well above the
 * largest valid request (so no legitimate client meets it) and far below what could hurt the
 * server: a body is parsed whole, so the cap bounds the memory one request can take. A new POST
 * endpoint fails to compile until it has a line here.
 */
export const BODY_LIMITS: Record<JsonEndpoint, number> = {
  // ≤1000 ids of 36 characters: ~40 KB.
  deleteFiles: 256 * KiB,
  deleteJobs: 256 * KiB,
  // Each evidence type's parse and search caps are in its descriptor.
  ...(Object.fromEntries(
    EVIDENCE_TYPES.flatMap((t) => {
      const { operationName, limits } = evidenceTypes[t];
      return [
        [`parse${operationName}`, limits.parseBodyBytes],
        [`search${operationName}`, limits.searchBodyBytes],
      ];
    }),
  ) as Record<Extract<JsonEndpoint, `parse${string}` | `search${string}`>, number>),
  // One module, a few fields.
  lookup: 256 * KiB,
  // ≤100 names of ≤256 characters.
  yaraRules: 256 * KiB,
  sigmaRules: 256 * KiB,
  // File scans: ≤100 ids and a rule of ≤1 MB in base64 (~1.4 MB).
  yaraFile: 4 * MiB,
  sigmaFile: 4 * MiB,
  // Inline scans: ≤10 MB of data in base64 (~13.4 MB) plus a rule.
  yaraData: 16 * MiB,
  sigmaData: 16 * MiB,
  // A URL of ≤2048 characters and two event names.
  createWebhook: 16 * KiB,
};

const human = (bytes: number): string => (bytes >= MiB ? `${bytes / MiB} MB` : `${bytes / KiB} KB`);

/** Refuses a body over the endpoint's cap with 413 in its own error format, before it is read whole. */
export function bodyCap(endpoint: JsonEndpoint): MiddlewareHandler {
  const maxSize = BODY_LIMITS[endpoint];
  return bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read: tell the client not to reuse this connection.
      c.header('Connection', 'close');
      return errorBody(c, endpoint, 413, `Request body too large: the limit is ${human(maxSize)}`);
    },
  });
}

/**
 * How long a JSON body may take to arrive, as the upload endpoint's window: a client that
 * declares a body and stalls or trickles it (slowloris) is answered 408 and its connection closed
 * instead of holding a connection and an admission reservation indefinitely.
 */
export const JSON_BODY_DEADLINE_MS = 30_000;

/** Reads the whole body (capped by bodyCap, outside) within the deadline; handlers then read it from Hono's cache. */
export function bodyDeadline(endpoint: JsonEndpoint, ms = JSON_BODY_DEADLINE_MS): MiddlewareHandler {
  return async (c, next) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
    // A read that fails (over the cap, aborted) is left to the handler, which meets the same error.
    const outcome = await Promise.race([
      c.req.arrayBuffer().then(
        () => 'read' as const,
        () => 'failed' as const,
      ),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === 'late') {
      c.header('Connection', 'close');
      return errorBody(c, endpoint, 408, `Request body not received within ${ms / 1000} s`);
    }
    await next();
  };
}

/**
 * Puts every cap and the body deadline in front of its endpoint, after the admission check that
 * reserves the same number of bytes (admission.ts); called before the routes are registered.
 */
export function registerBodyLimits(app: Hono, admission = new Admission(), deadlineMs = JSON_BODY_DEADLINE_MS): void {
  for (const endpoint of Object.keys(BODY_LIMITS) as JsonEndpoint[]) {
    for (const path of CONTRACT[endpoint].paths)
      app.post(path, admission.middleware(endpoint, BODY_LIMITS[endpoint]), bodyCap(endpoint), bodyDeadline(endpoint, deadlineMs));
  }
}
