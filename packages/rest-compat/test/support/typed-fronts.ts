import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { graphqlHandler, trpcHandler, type ServiceDeps } from '@quarry/api';
import { HTTP_PATHS } from '@quarry/vocabulary';
import type { Creds } from './api.js';

/**
 * The typed fronts (tRPC at /api/trpc, GraphQL at /graphql) over the REST harness's services, on a
 * loopback port: tests call them as their clients do, over real HTTP.
 */
export async function serveTypedFronts(deps: ServiceDeps): Promise<{ url: string; close(): Promise<void> }> {
  const trpc = trpcHandler(deps);
  const graphql = graphqlHandler(deps);
  const server = createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const handler = req.url?.startsWith(HTTP_PATHS.trpc) ? trpc : graphql;
    void Promise.resolve(handler(request))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((err: unknown) => res.destroy(err as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
