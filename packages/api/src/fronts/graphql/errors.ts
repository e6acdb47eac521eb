import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '@quarry/config';
import { isAppError } from '../../errors/app-error.js';
import { internalErrorMessage } from '../internal-error.js';

/**
 * Every error an integration sees carries `extensions.code`: AppErrors their AppErrorCode, limit
 * errors QUERY_TOO_DEEP / QUERY_TOO_COMPLEX, request errors GRAPHQL_PARSE_FAILED /
 * GRAPHQL_VALIDATION_FAILED / BAD_USER_INPUT; anything else is logged under an id and answered as
 * INTERNAL_SERVER_ERROR with only that id. Errors are told apart by name, not instanceof: yoga and
 * the schema may hold different copies of graphql's classes.
 */
export function maskError(log: Logger) {
  return (error: unknown): Error => {
    const original = (error as { originalError?: unknown }).originalError;
    if (isAppError(original)) return new GraphQLError(original.message, { ...pathOf(error), extensions: { code: original.code } });
    if (isGraphqlError(original) && typeof original.extensions['code'] === 'string') {
      return new GraphQLError(original.message, { ...pathOf(error), extensions: { code: original.extensions['code'] } });
    }
    // Request errors: no original, or one raised while reading variables (before any field ran: no path).
    if (isGraphqlError(error) && (original === undefined || (isGraphqlError(original) && error.path === undefined))) return withCode(error);
    return new GraphQLError(internalErrorMessage(log, 'graphql', original ?? error), { ...pathOf(error), extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  };
}

const isGraphqlError = (e: unknown): e is GraphQLError => e instanceof Error && e.name === 'GraphQLError';
const pathOf = (e: unknown) => (isGraphqlError(e) && e.path ? { path: e.path } : {});

/** A request error (syntax, validation, variables) with a code, keeping yoga's HTTP status. */
function withCode(error: GraphQLError): GraphQLError {
  // yoga's own name for a request over the size limit; the service's is PAYLOAD_TOO_LARGE.
  if (error.extensions['code'] === 'REQUEST_ENTITY_TOO_LARGE')
    return new GraphQLError(error.message, { extensions: { ...error.extensions, code: 'PAYLOAD_TOO_LARGE' } });
  if (typeof error.extensions['code'] === 'string') return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes ?? null,
    ...pathOf(error),
    extensions: { ...error.extensions, code: requestErrorCode(error.message) },
  });
}

/** graphql-armor words its refusals as syntax errors; they are limits, and coded as such. */
function requestErrorCode(message: string): string {
  if (/^Syntax Error: Query depth limit/.test(message)) return 'QUERY_TOO_DEEP';
  if (/^Syntax Error: Aliases limit/.test(message)) return 'QUERY_TOO_COMPLEX';
  if (message.startsWith('Syntax Error')) return 'GRAPHQL_PARSE_FAILED';
  if (message.startsWith('Variable "')) return 'BAD_USER_INPUT';
  return 'GRAPHQL_VALIDATION_FAILED';
}

/** Request errors raised before execution (parse, validation) do not pass through maskError: coded here. */
export const useErrorCodes = (): Plugin => ({
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result) || !('errors' in result) || !result.errors) return;
    setResult({ ...result, errors: result.errors.map((e) => (isGraphqlError(e) ? withCode(e) : e)) });
  },
});
