import { AppError } from '../errors/app-error.js';
import { admit, type OperationRequest } from './admit.js';
import type { AnyOperation, OperationContext, OutputOf, ParsedInputOf } from './operation.js';

/** Checks raw input against the operation's schema; refused input is the operation's error. */
export function parseInput<Op extends AnyOperation>(op: Op, raw: unknown): ParsedInputOf<Op> {
  const parsed = op.input.safeParse(raw);
  if (parsed.success) return parsed.data as ParsedInputOf<Op>;
  throw op.invalid ? op.invalid(raw, parsed.error.issues) : new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request');
}

/** Runs an admitted caller's already-parsed input. */
export function execute<Op extends AnyOperation>(op: Op, ctx: OperationContext, input: ParsedInputOf<Op>): Promise<OutputOf<Op>> {
  return op.run(ctx, input) as Promise<OutputOf<Op>>;
}

/**
 * The one way into an operation: admit the caller (token, key, access and key rules), validate
 * the input, run the service. Fronts that must do front work between admission and validation
 * (REST reads and checks its body in the contract's order) call the same three steps themselves.
 */
export async function runOperation<Op extends AnyOperation>(op: Op, request: OperationRequest, raw: unknown): Promise<OutputOf<Op>> {
  const ctx = await admit(op, request);
  return execute(op, ctx, parseInput(op, raw));
}
