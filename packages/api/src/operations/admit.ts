import { resolveCaller } from '../auth/caller.js';
import { readClientKey } from '../auth/client-key.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { AnyOperation, OperationContext } from './operation.js';

export const TOKEN_HEADER = 'x-service-api-token';
export const KEY_HEADER = 'x-service-api-enc-key';

/** What every front passes for a request: the two credential headers as sent, and the client's address. */
export interface OperationRequest {
  deps: ServiceDeps;
  token: string | null | undefined;
  key: string | null | undefined;
  clientAddress?: string | undefined;
}

/** The request's credentials read from its headers (tRPC, GraphQL, tus). */
export const requestFromHeaders = (deps: ServiceDeps, headers: Headers, clientAddress?: string): OperationRequest => ({
  deps,
  token: headers.get(TOKEN_HEADER),
  key: headers.get(KEY_HEADER),
  clientAddress,
});

/**
 * Resolves who is calling and applies the operation's access and key rules, in the contract's
 * order: token (missing for a signed-in-only operation: 401; malformed or unknown: 401), then the
 * key (malformed: 400), then the key rule. Runs before the input is read, so a refused caller
 * learns nothing about their input.
 */
export async function admit(op: AnyOperation, request: OperationRequest): Promise<OperationContext> {
  const { deps } = request;
  const caller = await resolveCaller(deps, request.token, { required: op.access === 'signedIn' });
  const clientKey = op.key === 'ignored' ? null : readClientKey(request.key);
  checkKeyRule(op, caller.userId, clientKey);
  return { deps, caller, clientKey, clientAddress: request.clientAddress };
}

/** The key rule alone, for fronts that resolve the caller once for several steps (tus). */
export function checkKeyRule(op: AnyOperation, userId: string | null, clientKey: Buffer | null): void {
  if (op.key === 'requiredWhenSignedIn' && userId !== null && clientKey === null) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
}
