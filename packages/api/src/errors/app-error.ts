/**
 * The one application error. Services throw it with a code; each front (REST, tRPC, GraphQL)
 * maps codes to its own status and body, so no service knows about a transport.
 */
export type AppErrorCode =
  | 'UNAUTHORIZED'
  | 'INVALID_TOKEN_FORMAT'
  | 'INVALID_KEY_FORMAT'
  | 'KEY_REQUIRED'
  | 'JOB_KEY_REQUIRED'
  | 'WRONG_KEY'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'TIMEOUT'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED';

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A quota ran out: the fronts answer 429 (REST with a Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Rate limit exceeded: try again in ${retryAfterSeconds} seconds`);
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
