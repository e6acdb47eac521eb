import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { ServiceDeps } from '../../src/index.js';
import { graphqlHandler } from '../../src/index.js';

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string };
}
export interface GraphqlAnswer<T = any> {
  status: number;
  data?: T;
  errors?: GraphqlError[];
}

/** The GraphQL front on a real HTTP server, and a client that speaks to it with fetch, as an integration would. */
export async function serveGraphql(deps: ServiceDeps): Promise<{ url: string; close(): Promise<void> }> {
  const handler = graphqlHandler(deps);
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: `http://127.0.0.1:${info.port}/graphql`, close: () => new Promise((r) => (server as Server).close(() => r())) });
    }) as Server;
  });
}

export type Headers = Record<string, string>;

export async function gql<T = any>(url: string, query: string, variables: Record<string, unknown> = {}, headers: Headers = {}): Promise<GraphqlAnswer<T>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, ...((await res.json()) as object) };
}

/** graphql-multipart-request-spec: one file as variable `file`. */
export async function gqlUpload<T = any>(
  url: string,
  query: string,
  file: { name: string; bytes: Uint8Array },
  headers: Headers = {},
): Promise<GraphqlAnswer<T>> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(file.bytes)]), file.name);
  const res = await fetch(url, { method: 'POST', headers, body: form });
  return { status: res.status, ...((await res.json()) as object) };
}

/** A subscription over Server-Sent Events (yoga's built-in transport): every `next` payload until `complete`. */
export async function gqlSubscribe<T = any>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Headers = {},
  timeoutMs = 240_000,
): Promise<GraphqlAnswer<T>[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error(`not an event stream: ${res.status} ${await res.text()}`);
  const events: GraphqlAnswer<T>[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = res.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += decoder.decode(read.value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (event === 'complete') {
        await reader.cancel();
        return events;
      }
      if (event === 'next' && data) events.push({ status: res.status, ...(JSON.parse(data) as object) });
    }
  }
  return events;
}
