import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '@quarry/api';
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
        url: '/api/trpc',
        EventSource,
        eventSourceOptions: () => ({ fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...sessionHeaders() } }) }),
      }),
      false: httpBatchLink({ url: '/api/trpc', headers: () => sessionHeaders() }),
    }),
  ],
});

const capitalized = <K extends EvidenceKind>(kind: K) => (kind.charAt(0).toUpperCase() + kind.slice(1)) as Capitalize<K>;

/** One evidence type's parse and search procedures (the operations table names them parse<Type>, search<Type>). */
export const evidenceProcedures = (kind: EvidenceKind) => ({ parse: trpc[`parse${capitalized(kind)}`], search: trpc[`search${capitalized(kind)}`] });

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
