import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '@quarry/api';
import { HTTP_PATHS, evidenceTypes } from '@quarry/vocabulary';
import type { EvidenceKind } from './evidence-kind';
import { sessionHeaders } from './session-store';

/**
 * The typed client for /api/trpc: inputs and outputs are checked against the server's router at
 * compile time. Headers are read per request, so signing in or out needs no new client.
 * Subscriptions (job updates) arrive as Server-Sent Events. The browser's EventSource cannot send
 * headers, and the token and key must never go into a URL (logs, history): this EventSource
 * (the `eventsource` package) reads the stream with fetch, with the session's headers.
 */
export const trpc = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url: HTTP_PATHS.trpc,
        EventSource,
        eventSourceOptions: () => ({ fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...sessionHeaders() } }) }),
      }),
      false: httpBatchLink({ url: HTTP_PATHS.trpc, headers: () => sessionHeaders() }),
    }),
  ],
});

/** One evidence type's parse and search procedures (named from its descriptor: parse<Name>, search<Name>). */
export const evidenceProcedures = (kind: EvidenceKind) => {
  const { operationName } = evidenceTypes[kind];
  return { parse: trpc[`parse${operationName}`], search: trpc[`search${operationName}`] };
};

/** The message a person should read for a failed call. */
export function errorMessage(err: unknown): string {
  if (err instanceof TRPCClientError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** tRPC error code (UNAUTHORIZED, FORBIDDEN, NOT_FOUND, …) of a failed call, if any. */
export function errorCode(err: unknown): string | undefined {
  if (err instanceof TRPCClientError) return (err.data as { code?: string } | undefined)?.code;
  return undefined;
}
