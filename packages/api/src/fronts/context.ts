import type { ServiceDeps } from '../deps.js';

/**
 * What the tRPC and GraphQL fronts know about a request before any procedure runs. The caller is
 * resolved per operation (operations/admit.ts), so a bad token or key is an ordinary AppError,
 * mapped like any other by the front's error handling.
 */
export interface FrontContext {
  deps: ServiceDeps;
  headers: Headers;
}
