import { StructureError, type StructureErrorDetails } from '@quarry/binary';

/** Which layer of the file an error belongs to. */
export type PrefetchFormat = 'MAM' | 'LZXPRESS' | 'SCCA';

/** Offsets are absolute in the (decompressed, for SCCA) data. */
export type PrefetchErrorDetails = StructureErrorDetails<PrefetchFormat>;

/** The one error type this library throws. */
export class PrefetchError extends StructureError<PrefetchFormat> {
  override readonly name = 'PrefetchError';
}
