import { TRPCError } from '@trpc/server';
import type { Logger } from '@quarry/config';
import { isAppError } from '../../errors/app-error.js';
import { internalErrorMessage } from '../internal-error.js';
import { TRPC_CODE } from './error-codes.js';

/** An AppError keeps its message under its tRPC code; anything else is logged and reported by id. */
export function toTrpcError(err: unknown, log: Logger): TRPCError {
  if (err instanceof TRPCError) return err;
  if (isAppError(err)) return new TRPCError({ code: TRPC_CODE[err.code], message: err.message });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(log, 'trpc', err) });
}

/**
 * A service's stream as a subscription's result. Its first step runs here, inside the procedure,
 * so a refusal (not found, key required) fails the call like any procedure's error; errors of later
 * steps are mapped the same way before tRPC sends them as the stream's error event.
 */
export async function subscriptionStream<T>(source: AsyncGenerator<T, void, undefined>, log: Logger): Promise<AsyncGenerator<T, void, undefined>> {
  const first = await source.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* source;
    } catch (err) {
      throw toTrpcError(err, log);
    } finally {
      await source.return(undefined);
    }
  })();
}
