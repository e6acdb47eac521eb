/**
 * What a record-store operation can fail with, for the services to map to answers:
 * - `wrong-key`: the store is encrypted and the key given does not open it (or none was given);
 * - `unknown-field`: a filter names a field the category does not have;
 * - `invalid-query`: page, show or the time window are out of range;
 * - `corrupt`: the file is not a record store of this version.
 */
export type RecordStoreErrorCode = 'wrong-key' | 'unknown-field' | 'invalid-query' | 'corrupt';

/** The one error type of the record store. */
export class RecordStoreError extends Error {
  override readonly name = 'RecordStoreError';
  constructor(
    readonly code: RecordStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isRecordStoreError = (err: unknown): err is RecordStoreError => err instanceof RecordStoreError;
