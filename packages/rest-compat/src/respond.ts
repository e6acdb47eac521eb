import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isAppError, RateLimitedError, type AppErrorCode } from '@quarry/api';
import type { Logger } from '@quarry/config';
import { CONTRACT, type EndpointName } from './contract.js';
import { unavailableDependency, unavailableMessage } from './unavailable.js';

/** The HTTP status of every service error code (a new code fails to compile until it is here). */
export const STATUS: Record<AppErrorCode, ContentfulStatusCode> = {
  UNAUTHORIZED: 401,
  INVALID_TOKEN_FORMAT: 400,
  INVALID_KEY_FORMAT: 400,
  KEY_REQUIRED: 400,
  JOB_KEY_REQUIRED: 403,
  WRONG_KEY: 403,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TIMEOUT: 408,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
};

export function errorBody(c: Context, endpoint: EndpointName, status: ContentfulStatusCode, message: string): Response {
  return CONTRACT[endpoint].errors === 'json' ? c.json({ error: message }, status) : c.text(message, status);
}

/**
 * Turns anything thrown by a route into the endpoint's error body. Unknown errors become a 500
 * whose cause is logged under an id that the caller can quote; nothing internal is sent back.
 */
export function respondError(c: Context, endpoint: EndpointName, err: unknown, log: Logger): Response {
  if (isAppError(err)) {
    // Only the upload endpoint distinguishes a malformed token (400) from a bad one (401).
    if (err.code === 'INVALID_TOKEN_FORMAT' && endpoint !== 'upload') return errorBody(c, endpoint, 401, 'Unauthorized');
    if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
    return errorBody(c, endpoint, STATUS[err.code], err.message);
  }
  // A dependency that is down is not a bug: 503 with Retry-After, and the client tries again.
  const down = unavailableDependency(err);
  if (down) {
    log.warn({ endpoint, dependency: down, err }, 'dependency unavailable');
    c.header('Retry-After', '5');
    return errorBody(c, endpoint, 503, unavailableMessage(down));
  }
  const errorId = randomUUID();
  log.error({ errorId, endpoint, err }, 'request failed');
  return errorBody(
    c,
    endpoint,
    500,
    `An error occurred while processing your request. If the problem persists, contact support and quote the following ID: ${errorId}`,
  );
}
