import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createYoga } from 'graphql-yoga';
import type { ServiceDeps } from './deps.js';
import { contextFromHeaders, type FrontContext } from './fronts-context.js';
import { appRouter } from './trpc/router.js';
import { graphqlSchema } from './graphql/schema.js';

/** tRPC over fetch at /api/trpc: the same services as REST, typed end to end for the UI. */
export const trpcHandler = (deps: ServiceDeps) => (req: Request) =>
  fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext: () => contextFromHeaders(deps, req.headers) });

/** GraphQL (graphql-yoga + Pothos) at /graphql over the same services. */
export function graphqlHandler(deps: ServiceDeps): (req: Request) => Response | Promise<Response> {
  const yoga = createYoga<object, FrontContext>({
    schema: graphqlSchema,
    graphqlEndpoint: '/graphql',
    context: ({ request }) => contextFromHeaders(deps, request.headers),
    maskedErrors: true,
    logging: false,
  });
  return (req) => yoga.fetch(req);
}
