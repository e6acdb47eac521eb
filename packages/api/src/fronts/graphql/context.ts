import type { ServiceDeps } from '../../deps.js';
import { requestFromHeaders, type OperationRequest } from '../../operations/admit.js';
import { runOperation } from '../../operations/run.js';
import { operations, type Operations } from '../../operations/table.js';
import type { OutputOf } from '../../operations/operation.js';
import type { FrontContext } from '../context.js';

/** The GraphQL request context: the request's credentials, and the operations run with them. */
export interface GraphqlContext extends FrontContext {
  request: OperationRequest;
  /**
   * Runs an operation of the table with this request's credentials: caller resolution, access,
   * key rules and input validation happen there, never in a resolver.
   */
  run: <N extends keyof Operations>(name: N, input: unknown) => Promise<OutputOf<Operations[N]>>;
  /** Aborts when the client goes away (ends subscriptions). */
  signal: AbortSignal;
  /** One load per key and request (a job several fields of a page need, read once). */
  once: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

export function graphqlContext(deps: ServiceDeps, request: Request): GraphqlContext {
  const opRequest = requestFromHeaders(deps, request.headers);
  const loads = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let p = loads.get(key) as Promise<T> | undefined;
    if (!p) loads.set(key, (p = load()));
    return p;
  };
  return {
    deps,
    headers: request.headers,
    request: opRequest,
    run: (name, input) => runOperation(operations[name], opRequest, input),
    signal: request.signal,
    once,
  };
}
