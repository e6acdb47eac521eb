import { initTRPC, TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure, type TRPCSubscriptionProcedure } from '@trpc/server';
import { isAppError } from '../../errors/app-error.js';
import { admit, requestFromHeaders } from '../../operations/admit.js';
import type { AnyOperation, InputOf, OperationContext, OutputOf, ParsedInputOf } from '../../operations/operation.js';
import { execute, parseInput } from '../../operations/run.js';
import { operations, type OperationName, type Operations } from '../../operations/table.js';
import type { FrontContext } from '../context.js';
import { internalErrorMessage } from '../internal-error.js';
import { TRPC_CODE } from './error-codes.js';
import { subscriptionStream } from './stream.js';

// isDev false: tRPC would otherwise put the stack trace (server paths) into every error's data.
const t = initTRPC.context<FrontContext>().create({
  isDev: false,
  // Subscriptions (SSE): a comment line every 15 s keeps proxies from closing a quiet stream, and
  // the client reconnects (the subscription starts again from the current state) after 30 s of silence.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter: ({ shape }) => ({ ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } }),
});

/**
 * AppErrors keep their message with the matching code (also when thrown by input validation, which
 * tRPC wraps); anything else is logged under an error id that is all the caller sees.
 */
const mapErrors = t.middleware(async ({ ctx, next }) => {
  let result;
  try {
    result = await next();
  } catch (err) {
    if (isAppError(err)) throw new TRPCError({ code: TRPC_CODE[err.code], message: err.message });
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(ctx.deps.log, 'trpc', err) });
  }
  if (result.ok) return result;
  const cause = result.error.cause;
  if (isAppError(cause)) throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message });
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(ctx.deps.log, 'trpc', cause ?? result.error) });
  }
  return result;
});

/** A Standard Schema (what tRPC accepts as an input parser); `types` carries the types only. */
interface StandardParser<In, Out> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: Out };
    readonly types?: { input: In; output: Out };
  };
}

/** The operation's own validation (its messages and error codes), typed with its camelCase input. */
function parserOf<Op extends AnyOperation>(op: Op): StandardParser<InputOf<Op>, ParsedInputOf<Op>> {
  return { '~standard': { version: 1, vendor: 'quarry', validate: (value: unknown) => ({ value: parseInput(op, value) }) } };
}

/**
 * One procedure per operation, in the operation's order: errors mapped, caller admitted (token,
 * key, access and key rules) before the input is read, input validated, service run.
 */
function procedureOf(op: AnyOperation) {
  const admitted = t.procedure
    .use(mapErrors)
    .use(async ({ ctx, next }) => next({ ctx: { op: await admit(op, requestFromHeaders(ctx.deps, ctx.headers)) } }))
    .input(parserOf(op));
  const run = ({ ctx, input }: { ctx: { op: OperationContext }; input: unknown }) => execute(op, ctx.op, input);
  switch (op.kind) {
    case 'query':
      return admitted.query(run);
    case 'mutation':
      return admitted.mutation(run);
    case 'subscription':
      // Its first state is pulled inside the procedure, so a refusal fails the call like any error.
      return admitted.subscription(async ({ ctx, input, signal }) =>
        subscriptionStream((await execute(op, { ...ctx.op, signal }, input)) as AsyncGenerator<unknown, void, undefined>, ctx.deps.log),
      );
  }
}

/**
 * Operations a JSON front can carry: not uploads (REST multipart and tus take their bytes), nor
 * downloads (REST streams them; here their ticket operation stands in).
 */
const carried = (op: AnyOperation): boolean => op.transport === 'json' && op.result !== 'stream';
type JsonOperationName = {
  [N in OperationName]: Operations[N]['transport'] extends 'json' ? (Operations[N] extends { result: 'stream' } ? never : N) : never;
}[OperationName];

type Def<Op extends AnyOperation> = { input: InputOf<Op>; output: OutputOf<Op>; meta: object };
type ProcedureOf<Op extends AnyOperation> = Op['kind'] extends 'query'
  ? TRPCQueryProcedure<Def<Op>>
  : Op['kind'] extends 'mutation'
    ? TRPCMutationProcedure<Def<Op>>
    : TRPCSubscriptionProcedure<Def<Op>>;

export type Procedures = { [N in JsonOperationName]: ProcedureOf<Operations[N]> };

const procedures = Object.fromEntries(
  Object.values(operations as Record<string, AnyOperation>)
    .filter(carried)
    .map((op) => [op.name, procedureOf(op)]),
) as unknown as Procedures;

/** The dashboard's typed API: one procedure per operation of the table, named as the operation. */
export const appRouter = t.router(procedures);

export type AppRouter = typeof appRouter;
