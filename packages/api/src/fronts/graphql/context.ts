import type { ServiceDeps } from '../../deps.js';
import { frontCaller, type FrontCaller, type FrontContext } from '../context.js';

/** The GraphQL request context: the caller is resolved on first use and once per request. */
export interface GraphqlContext extends FrontContext {
  caller: () => Promise<FrontCaller>;
  /** Aborts when the client goes away (ends subscriptions). */
  signal: AbortSignal;
  /** One load per key and request (a job several fields of a page need, read once). */
  once: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

export function graphqlContext(deps: ServiceDeps, request: Request): GraphqlContext {
  const headers = request.headers;
  const base: FrontContext = { deps, headers };
  let who: Promise<FrontCaller> | undefined;
  const loads = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let p = loads.get(key) as Promise<T> | undefined;
    if (!p) loads.set(key, (p = load()));
    return p;
  };
  return { ...base, signal: request.signal, once, caller: () => (who ??= frontCaller(base)) };
}
