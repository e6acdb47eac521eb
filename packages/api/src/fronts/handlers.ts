import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { createYoga } from 'graphql-yoga';
import { HTTP_PATHS } from '@quarry/vocabulary';
import type { ServiceDeps } from '../deps.js';
import type { FrontContext } from './context.js';
import { graphqlContext, type GraphqlContext } from './graphql/context.js';
import { MAX_QUERY_ALIASES, MAX_QUERY_DEPTH } from './graphql/builder.js';
import { maskError, useErrorCodes } from './graphql/errors.js';
import { boundedMultipart } from './graphql/multipart-bound.js';
import { appRouter } from './trpc/router.js';
import { graphqlSchema } from './graphql/schema.js';

/** tRPC over fetch at /api/trpc: the same services as REST, typed end to end for the UI. */
export const trpcHandler = (deps: ServiceDeps) => (req: Request) =>
  fetchRequestHandler({ endpoint: HTTP_PATHS.trpc, req, router: appRouter, createContext: (): FrontContext => ({ deps, headers: req.headers }) });

/** GraphQL (graphql-yoga + Pothos) at /graphql over the same services. */
export interface GraphqlHandlerOptions {
  /**
   * Serves GraphiQL at GET /graphql when given (development only). The renderer must carry its own
   * assets: yoga's built-in page loads them from a CDN, a third-party request, so it is off otherwise.
   */
  renderGraphiQL?: () => string | Promise<string>;
  /** Bytes a multipart request (uploadFile) may hold; by default one 250 MiB file and its form. */
  multipartMaxBytes?: number;
}

export function graphqlHandler(deps: ServiceDeps, options: GraphqlHandlerOptions = {}): (req: Request) => Response | Promise<Response> {
  const yoga = createYoga<object, GraphqlContext>({
    schema: graphqlSchema,
    graphqlEndpoint: HTTP_PATHS.graphql,
    context: ({ request }) => graphqlContext(deps, request),
    maskedErrors: { maskError: maskError(deps.log) },
    // Depth and aliases are checked on the whole document, introspection included (the complexity
    // plugin in builder.ts prices domain fields only).
    plugins: [maxDepthPlugin({ n: MAX_QUERY_DEPTH, ignoreIntrospection: false }), maxAliasesPlugin({ n: MAX_QUERY_ALIASES }), useErrorCodes()],
    logging: false,
    graphiql: options.renderGraphiQL !== undefined,
    ...(options.renderGraphiQL ? { renderGraphiQL: options.renderGraphiQL } : {}),
  });
  return (req) => {
    const bounded = boundedMultipart(req, options.multipartMaxBytes);
    return bounded instanceof Response ? bounded : yoga.fetch(bounded);
  };
}
