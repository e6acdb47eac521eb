import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { GraphQLError } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { HTTP_PATHS } from '@quarry/vocabulary';
import type { ServiceDeps } from '../deps.js';
import { isAppError } from '../errors/app-error.js';
import type { FrontContext } from './context.js';
import { internalErrorMessage } from './internal-error.js';
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
}

export function graphqlHandler(deps: ServiceDeps, options: GraphqlHandlerOptions = {}): (req: Request) => Response | Promise<Response> {
  const yoga = createYoga<object, FrontContext>({
    schema: graphqlSchema,
    graphqlEndpoint: HTTP_PATHS.graphql,
    context: ({ request }) => ({ deps, headers: request.headers }),
    // Service errors keep their message and code; request errors (syntax, validation) pass as they
    // are; anything else is logged under an id, and only the id is sent. Checked by name, not
    // instanceof: yoga and the schema may hold different copies of graphql's classes.
    maskedErrors: {
      maskError: (error) => {
        const original = (error as { originalError?: unknown }).originalError;
        if (isAppError(original)) return new GraphQLError(original.message, { extensions: { code: original.code } });
        if (original === undefined && error instanceof Error && error.name === 'GraphQLError') return error;
        return new GraphQLError(internalErrorMessage(deps.log, 'graphql', original ?? error), { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    logging: false,
    graphiql: options.renderGraphiQL !== undefined,
    ...(options.renderGraphiQL ? { renderGraphiQL: options.renderGraphiQL } : {}),
  });
  return (req) => yoga.fetch(req);
}
