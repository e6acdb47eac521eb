import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { AppError } from '../../errors/app-error.js';
import type { GraphqlContext } from './context.js';

/**
 * Per-request limits, checked before any resolver runs (Pothos complexity plugin). Each field costs
 * 1, a list or connection multiplies its children by its `first` (or by 10), so a query asking for
 * 100 jobs with their insights costs far more than one asking for a job's status.
 */
export const QUERY_LIMITS = { depth: 12, breadth: 200, complexity: 5_000 } as const;
/** Whole-document limits (graphql-armor, handlers.ts): the deepest useful query here nests 7 fields. */
export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_ALIASES = 15;

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date };
    SafeInt: { Input: number; Output: number };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
}>({
  plugins: [RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // A malformed or foreign id is the caller's mistake, answered with a code like any other.
    decodeGlobalID: (globalID) => decodeGlobalId(globalID),
    encodeGlobalID: (typename, id) => Buffer.from(`${typename}:${String(id)}`, 'utf8').toString('base64url'),
    // The connection field already multiplies by its page size: its edges must not multiply again.
    edgesFieldOptions: { complexity: { field: 1, multiplier: 1 } },
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: QUERY_LIMITS,
    complexityError: (kind, result) =>
      new GraphQLError(`Query exceeds the maximum ${kind.toLowerCase()} (${JSON.stringify(result)})`, {
        extensions: { code: kind === 'Depth' ? 'QUERY_TOO_DEEP' : 'QUERY_TOO_COMPLEX' },
      }),
  },
});

/** Relay ids are base64url of `Type:uuid`: opaque to clients, readable in a log. */
export function decodeGlobalId(globalID: string): { typename: string; id: string } {
  const text = Buffer.from(globalID, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0 || Buffer.from(text, 'utf8').toString('base64url') !== globalID) throw new AppError('BAD_REQUEST', `Invalid ID ${globalID}`);
  return { typename: text.slice(0, colon), id: text.slice(colon + 1) };
}

/** The uuid inside a Relay id of the given type; anything else is a request error. */
export function idOf(typename: string, globalID: string): string {
  const decoded = decodeGlobalId(globalID);
  if (decoded.typename !== typename) throw new AppError('BAD_REQUEST', `ID ${globalID} is not a ${typename} ID`);
  return decoded.id;
}

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO-8601 string in UTC with milliseconds (2024-05-01T12:00:00.000Z).',
  serialize: (d) => d.toISOString(),
  parseValue: (v) => {
    const d = typeof v === 'string' ? new Date(v) : new Date(Number.NaN);
    if (Number.isNaN(d.getTime())) throw new AppError('BAD_REQUEST', 'DateTime must be an ISO-8601 string');
    return d;
  },
});

builder.scalarType('SafeInt', {
  description: 'An integer from -(2^53-1) to 2^53-1 (a JSON number), for values such as record ids that outgrow Int.',
  serialize: (n) => {
    if (!Number.isSafeInteger(n)) throw new Error(`SafeInt cannot represent ${n}`);
    return n;
  },
  parseValue: (v) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new AppError('BAD_REQUEST', 'SafeInt must be a safe integer');
    return v;
  },
});

builder.scalarType('File', {
  description: 'A file part of a GraphQL multipart request (graphql-multipart-request-spec).',
  serialize: () => {
    throw new Error('File is an input only');
  },
});

builder.queryType({});
builder.mutationType({});
