export type StorageErrorCode = 'INVALID_KEY' | 'NOT_FOUND';

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
