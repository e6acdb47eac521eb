import type { Caller } from '../auth/caller.js';
import { resolveCaller } from '../auth/caller.js';
import { readClientKey } from '../auth/client-key.js';
import type { ServiceDeps } from '../deps.js';

/** What the tRPC and GraphQL fronts know about a request before any procedure runs. */
export interface FrontContext {
  deps: ServiceDeps;
  headers: Headers;
}

export interface FrontCaller {
  caller: Caller;
  clientKey: Buffer | null;
}

/**
 * Resolved inside each procedure/resolver, not while building the context: a bad token or key is
 * then an ordinary AppError, mapped like any other by the front's error handling.
 */
export async function frontCaller(ctx: FrontContext): Promise<FrontCaller> {
  return {
    caller: await resolveCaller(ctx.deps, ctx.headers.get('x-service-api-token'), { required: false }),
    clientKey: readClientKey(ctx.headers.get('x-service-api-enc-key')),
  };
}
