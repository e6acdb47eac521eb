import type { ServiceDeps } from '../../deps.js';
import { frontCaller, type FrontCaller, type FrontContext } from '../context.js';

/** The GraphQL request context: the caller is resolved on first use and once per request. */
export interface GraphqlContext extends FrontContext {
  caller: () => Promise<FrontCaller>;
}

export function graphqlContext(deps: ServiceDeps, headers: Headers): GraphqlContext {
  const base: FrontContext = { deps, headers };
  let who: Promise<FrontCaller> | undefined;
  return { ...base, caller: () => (who ??= frontCaller(base)) };
}
