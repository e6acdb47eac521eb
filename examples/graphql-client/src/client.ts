import { print } from '@0no-co/graphql.web';
import type { ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
import { createClient } from 'graphql-sse';

/** Who the client is: an API token (X-Service-Api-Token) and the key results are sealed under. */
export interface Credentials {
  token?: string | undefined;
  key?: string | undefined;
}

/** A GraphQL error as Quarry sends it: every error carries `extensions.code`. */
export class QuarryGraphQLError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

interface Response<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function unwrap<T>(body: Response<T>): T {
  const [first] = body.errors ?? [];
  if (first) throw new QuarryGraphQLError(first.extensions?.code ?? 'UNKNOWN', first.message);
  if (body.data === undefined || body.data === null) throw new QuarryGraphQLError('NO_DATA', 'the response carried no data');
  return body.data;
}

/**
 * A minimal typed client: queries and mutations over POST, file uploads as GraphQL multipart
 * requests, subscriptions over Server-Sent Events. Result and variable types come from the
 * documents (gql.tada), so a schema change that breaks this example fails its typecheck.
 */
export class QuarryClient {
  private readonly url: string;
  private readonly headers: Record<string, string>;

  constructor(base: string, credentials: Credentials = {}) {
    this.url = new URL('/graphql', base).toString();
    this.headers = {
      ...(credentials.token ? { 'x-service-api-token': credentials.token } : {}),
      ...(credentials.key ? { 'x-service-api-enc-key': credentials.key } : {}),
    };
  }

  async request<R, V>(document: TadaDocumentNode<R, V>, variables: V): Promise<R> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: print(document), variables }),
    });
    return unwrap((await res.json()) as Response<R>);
  }

  /** One file as the variable `file` (https://github.com/jaydenseric/graphql-multipart-request-spec). */
  async upload<R, V extends { file: Blob }>(document: TadaDocumentNode<R, V>, variables: Omit<V, 'file'>, file: Blob, name: string): Promise<R> {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: print(document), variables: { ...variables, file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', file, name);
    const res = await fetch(this.url, { method: 'POST', headers: this.headers, body: form });
    return unwrap((await res.json()) as Response<R>);
  }

  /** Each event of a subscription until the server ends it (or the loop breaks). */
  async *subscribe<R, V extends Record<string, unknown>>(document: TadaDocumentNode<R, V>, variables: V): AsyncGenerator<R> {
    const sse = createClient({ url: this.url, headers: this.headers, retryAttempts: 0 });
    try {
      for await (const event of sse.iterate<R>({ query: print(document), variables })) yield unwrap(event as Response<R>);
    } finally {
      sse.dispose();
    }
  }
}

export type { ResultOf, VariablesOf };
