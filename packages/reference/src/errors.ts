/**
 * The one error type of this package. Fronts map the code to their transport (REST: the spec's
 * plain-text `Unknown lookup module` 400 and `Validation failed` 422; a missing or unreadable
 * dataset is a server fault, 500). No transport is imported here.
 */
export type LookupErrorCode = 'unknown-module' | 'validation' | 'data-unavailable';

export class LookupError extends Error {
  override readonly name = 'LookupError';
  constructor(
    readonly code: LookupErrorCode,
    message: string,
    /** For 'validation': one line per problem, path first (for logs and tRPC/GraphQL details). */
    readonly issues: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
