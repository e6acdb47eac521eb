/** What went wrong, so callers can branch without parsing messages. */
export type DbErrorCode =
  | 'migration-checksum' // an applied migration's file changed since it was applied
  | 'migration-failed' // a migration's SQL failed, or the table records a failed attempt
  | 'migrations-missing' // the migrations folder cannot be read
  | 'invalid-argument' // a repository call got input it cannot store
  | 'concurrent-change' // rows changed under an all-or-nothing operation, which was rolled back
  | 'closed'; // a job-event subscription was asked of a listener already closed

/** The one error class of @quarry/db. `migration` names the migration concerned, if any. */
export class DbError extends Error {
  override readonly name = 'DbError';

  constructor(
    readonly code: DbErrorCode,
    message: string,
    readonly migration?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
