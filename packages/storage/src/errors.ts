/**
 * INVALID_KEY: a key or file name outside its grammar. NOT_FOUND: no such blob. UNAVAILABLE: the
 * store cannot be reached or refuses our credentials (start-up checks and readiness report it).
 * CHANGED: a blob was replaced while it was being read in ranges.
 */
export type StorageErrorCode = 'INVALID_KEY' | 'NOT_FOUND' | 'UNAVAILABLE' | 'CHANGED';

/** The error type of this library: `code` says what went wrong, `key` which blob it concerned. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
