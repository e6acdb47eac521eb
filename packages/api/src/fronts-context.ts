import type { Caller } from './auth/caller.js';
import { resolveCaller } from './auth/caller.js';
import { readClientKey } from './auth/client-key.js';
import type { ServiceDeps } from './deps.js';

/** What the tRPC and GraphQL fronts know about a request: the deps and the resolved caller. */
export interface FrontContext {
  deps: ServiceDeps;
  caller: Caller;
  clientKey: Buffer | null;
}

export async function contextFromHeaders(deps: ServiceDeps, headers: Headers): Promise<FrontContext> {
  return {
    deps,
    caller: await resolveCaller(deps, headers.get('x-service-api-token'), { required: false }),
    clientKey: readClientKey(headers.get('x-service-api-enc-key')),
  };
}
