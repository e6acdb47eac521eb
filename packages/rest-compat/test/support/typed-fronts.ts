import { graphqlHandler, trpcHandler, type ServiceDeps } from '@quarry/api';
import { serveFetch } from '@quarry/testkit';
import { HTTP_PATHS } from '@quarry/vocabulary';
import type { Creds } from './api.js';

/**
 * The typed fronts (tRPC at /api/trpc, GraphQL at /graphql) over the REST harness's services, on a
 * loopback port: tests call them as their clients do, over real HTTP.
 */
export async function serveTypedFronts(deps: ServiceDeps): Promise<{ url: string; close(): Promise<void> }> {
  const trpc = trpcHandler(deps);
  const graphql = graphqlHandler(deps);
  return serveFetch((request) => (new URL(request.url).pathname.startsWith(HTTP_PATHS.trpc) ? trpc : graphql)(request));
}

const headersOf = (c: Creds): Record<string, string> => ({
  'content-type': 'application/json',
  ...(c.token ? { 'x-service-api-token': c.token } : {}),
  ...(c.key ? { 'x-service-api-enc-key': c.key } : {}),
});

/** A tRPC mutation as the client sends one without batching: POST the input, read `result.data`. */
export async function trpcMutation(url: string, procedure: string, input: unknown, creds: Creds = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${HTTP_PATHS.trpc}/${procedure}`, { method: 'POST', headers: headersOf(creds), body: JSON.stringify(input) });
  return { status: res.status, json: await res.json() };
}

type GraphqlAnswer = { data?: any; errors?: { message: string }[] };

export async function graphqlQuery(url: string, query: string, variables: Record<string, unknown>, creds: Creds = {}): Promise<GraphqlAnswer> {
  const res = await fetch(`${url}${HTTP_PATHS.graphql}`, { method: 'POST', headers: headersOf(creds), body: JSON.stringify({ query, variables }) });
  return (await res.json()) as GraphqlAnswer;
}

/** GraphQL's global id of a node (`<Type>:<uuid>`, base64url), as the schema's `id` fields give it. */
export const globalId = (type: string, uuid: string): string => Buffer.from(`${type}:${uuid}`).toString('base64url');
