import { z } from 'zod';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import type { AppError } from '../errors/app-error.js';

/** How a front offers an operation: read, change, or a stream of events (`subscription`). */
export type OperationKind = 'query' | 'mutation' | 'subscription';

/** Who may call: anyone (the token is optional, but a bad one is refused) or signed-in callers only. */
export type Access = 'anyone' | 'signedIn';

/**
 * What the operation does with the client key (X-Service-Api-Enc-Key):
 * - `ignored`: never read (a malformed header is not an error);
 * - `optional`: read when sent (malformed is an error); the service decides whether it needs it;
 * - `requiredWhenSignedIn`: a signed-in caller must send one (what they store is private and
 *   encrypted under it); anonymous callers store public plaintext.
 */
export type KeyRule = 'ignored' | 'optional' | 'requiredWhenSignedIn';

/**
 * `json`: any front carries the input (tRPC, GraphQL, REST JSON bodies); `stream`: the input holds
 * a byte stream, so only fronts that stream bytes offer it (REST multipart, tus).
 */
export type Transport = 'json' | 'stream';

/**
 * `json` (the default): the output is a value every front presents; `stream`: the output is a
 * `Download` (exports/download.ts), bytes sent as they are produced, which only fronts that answer
 * with a body of their own carry (REST). tRPC and GraphQL offer a ticket operation instead.
 */
export type ResultKind = 'json' | 'stream';

/** What a service call knows about its request once admitted (operations/admit.ts). */
export interface OperationContext {
  deps: ServiceDeps;
  caller: Caller;
  /** null when absent, and always null for `key: 'ignored'`. */
  clientKey: Buffer | null;
  /** The client's address as the front saw it (per-client quotas of anonymous callers). */
  clientAddress?: string | undefined;
  /** Subscriptions: aborts when the client goes away (fronts that stream events set it). */
  signal?: AbortSignal | undefined;
}

/**
 * One operation, declared once: every front derives its endpoint, procedure or field from this.
 * `input` is camelCase and typed; its messages are the contract's where the contract has one.
 */
export interface Operation<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O = unknown,
  K extends OperationKind = OperationKind,
  T extends Transport = Transport,
> {
  name: N;
  kind: K;
  /** One line for generated docs (tRPC, GraphQL descriptions, OpenAPI summaries). */
  summary: string;
  access: Access;
  key: KeyRule;
  transport: T;
  result?: ResultKind;
  input: I;
  /** How input the schema refuses is answered; by default 400 with the first issue's message. */
  invalid?: (raw: unknown, issues: readonly z.core.$ZodIssue[]) => AppError;
  /** The service call; output as the service returns it (fronts present it). */
  run: (ctx: OperationContext, input: z.output<I>) => Promise<O>;
}

// `any` only in the constraint: every concrete operation keeps its own input and output types.
export type AnyOperation = Operation<string, z.ZodType, any>;

/** Declares an operation (the identity, typed: input and output are inferred from the definition). */
export const operation = <N extends string, I extends z.ZodType, O, K extends OperationKind, T extends Transport>(
  def: Operation<N, I, O, K, T>,
): Operation<N, I, O, K, T> => def;

export type InputOf<Op extends AnyOperation> = z.input<Op['input']>;
export type ParsedInputOf<Op extends AnyOperation> = z.output<Op['input']>;
export type OutputOf<Op extends AnyOperation> = Awaited<ReturnType<Op['run']>>;

/** The input of an operation that takes none (tRPC then needs no argument). */
export const noInput = z.object({}).optional();
