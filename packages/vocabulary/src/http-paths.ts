/**
 * Where each front and operations endpoint is mounted, beside the REST contract's own paths (which
 * stay in @quarry/rest-compat). The fronts, the server that composes them and the dashboard all read
 * these, so a path is spelled once. Pure data: the dashboard imports it.
 */
export const HTTP_PATHS = {
  /** tRPC (the dashboard's typed client); procedures are sub-paths. */
  trpc: '/api/trpc',
  /** GraphQL over POST and GET (GraphiQL in development). */
  graphql: '/graphql',
  /** tus resumable uploads; each upload is a sub-path. */
  tus: '/api/tus',
  /** Deployment facts the dashboard shows (the Temporal UI link). */
  uiMeta: '/api/ui-meta',
  /** The REST layer's OpenAPI document. */
  openapi: '/openapi.json',
  /** 200 when PostgreSQL, Temporal and a polling worker are up. */
  healthz: '/healthz',
  /** 200 when this node alone can serve (PostgreSQL, Temporal, blob store), for load balancers. */
  readyz: '/readyz',
} as const;
export type HttpPath = (typeof HTTP_PATHS)[keyof typeof HTTP_PATHS];
