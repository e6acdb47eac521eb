/**
 * Recognises an error that means a dependency (PostgreSQL, Temporal, the blob store's disk) cannot
 * serve right now, as opposed to a bug. Such a request is answered 503 with Retry-After: the client may try
 * again and the server recovers by itself when the dependency is back (the pg pool and the gRPC
 * channel reconnect on their own), so there is nothing to quote an error id for.
 */
export type Dependency = 'PostgreSQL' | 'Temporal' | 'storage';

/** Socket-level failures, from pg or from gRPC's underlying socket. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN', 'EAI_AGAIN']);
/** PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection exceptions (class 08); Prisma: server unreachable / closed. */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'P1001', 'P1002', 'P1017', 'P2024']);
const PG_MESSAGES = [
  /connection terminated/i,
  /can't reach database server/i,
  /connection is closed/i,
  /server closed the connection/i,
  /timeout exceeded when trying to connect/i,
  /database system is (starting up|shutting down)/i,
];
/** gRPC status codes: 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED (the call was not answered in time). */
const GRPC_DOWN = new Set([14, 4]);

interface Probe {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Walks the error and what it wraps (cause chains, AggregateError lists), at most a few levels deep. */
function* chain(err: unknown, depth = 0): Generator<Probe> {
  if (depth > 6 || typeof err !== 'object' || err === null) return;
  const e = err as Probe;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors.slice(0, 4)) yield* chain(inner, depth + 1);
}

export function unavailableDependency(err: unknown): Dependency | undefined {
  let net = false;
  for (const e of chain(err)) {
    // A full disk (or quota) under the blob store: nothing is kept, and space can be freed.
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return 'storage';
    const name = typeof e.name === 'string' ? e.name : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (name === 'ServiceError' || name === 'ConnectionError' || /grpc|temporal/i.test(name)) {
      if (typeof e.code === 'number' && GRPC_DOWN.has(e.code)) return 'Temporal';
      if (/UNAVAILABLE|DEADLINE_EXCEEDED|Failed to connect/i.test(message)) return 'Temporal';
    }
    if (typeof e.code === 'number' && GRPC_DOWN.has(e.code) && /UNAVAILABLE|DEADLINE/i.test(message)) return 'Temporal';
    if (typeof e.code === 'string' && PG_CODES.has(e.code)) return 'PostgreSQL';
    if (PG_MESSAGES.some((re) => re.test(message))) return 'PostgreSQL';
    if (typeof e.code === 'string' && NET_CODES.has(e.code)) net = true;
  }
  // A bare socket error with nothing else to say which: Temporal errors are always named
  // ServiceError/ConnectionError above, so a plain one comes from the database driver.
  return net ? 'PostgreSQL' : undefined;
}

/** The answer's text; the same for both error formats. */
export const unavailableMessage = (dep: Dependency): string =>
  dep === 'storage'
    ? 'Service temporarily unavailable: storage is full. Retry later'
    : `Service temporarily unavailable: ${dep} is not reachable. Retry in a few seconds`;
