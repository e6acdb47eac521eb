import type { Hono } from 'hono';
import { graphqlHandler, trpcHandler, type GraphqlHandlerOptions } from '@quarry/api';
import { CONTRACT, createRestApp, type Health, type RestDeps } from '@quarry/rest-compat';
import { HTTP_PATHS } from '@quarry/vocabulary';
import type { TusHandler } from './tus/tus-handler.js';

export interface HttpSurfaceDeps {
  /** The services and the REST layer's own settings; `health` answers GET /healthz. */
  rest: RestDeps;
  /** This node's readiness alone (no worker needed), for load balancers: GET /readyz. */
  ready: () => Promise<Health>;
  /** Resumable uploads; the caller owns its expiry timer. */
  tus: TusHandler;
  /** What the dashboard learns of the deployment at GET /api/ui-meta. */
  uiMeta: { temporalUiUrl: string | null };
  graphql?: GraphqlHandlerOptions;
}

/**
 * Every API front on one fetch handler: the REST contract, tRPC, GraphQL, tus and the operations
 * endpoints. The REST app is the base, so its not-found and error answers stay the spec's for any
 * path no front claims.
 */
export function createHttpSurface(deps: HttpSurfaceDeps): Hono {
  const app = createRestApp(deps.rest);
  app.get(HTTP_PATHS.readyz, async (c) => {
    const result = await deps.ready();
    return c.json(result, result.ok ? 200 : 503);
  });
  const trpc = trpcHandler(deps.rest);
  app.all(`${HTTP_PATHS.trpc}/*`, (c) => trpc(c.req.raw));
  const graphql = graphqlHandler(deps.rest, deps.graphql);
  app.on(['GET', 'POST'], HTTP_PATHS.graphql, (c) => graphql(c.req.raw));
  app.all(HTTP_PATHS.tus, (c) => deps.tus.handle(c.req.raw));
  app.all(`${HTTP_PATHS.tus}/*`, (c) => deps.tus.handle(c.req.raw));
  app.get(HTTP_PATHS.uiMeta, (c) => c.json(deps.uiMeta));
  return app;
}

/**
 * First path segments the API owns (`upload`, `analysis`, `api`, `graphql`, …); every other path
 * is the dashboard's. Derived from the contract and HTTP_PATHS, so a new endpoint is routed here
 * without a second list.
 */
const API_SEGMENTS = new Set([...Object.values(CONTRACT).flatMap((e) => e.paths), ...Object.values(HTTP_PATHS)].map(firstSegment));

function firstSegment(path: string): string {
  return path.split(/[/?#]/)[1] ?? '';
}

/** True when `url` (a request target such as `/analysis/job/list?x=1`) belongs to the API. */
export const isApiPath = (url: string): boolean => API_SEGMENTS.has(firstSegment(url));
