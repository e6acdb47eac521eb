import type { ByteRange } from './blob-store.js';

/** Ranges are checked before any I/O: a negative or fractional offset is a caller's bug. */
export function checkRange(range: ByteRange): void {
  const ok =
    Number.isSafeInteger(range.offset) && range.offset >= 0 && (range.length === undefined || (Number.isSafeInteger(range.length) && range.length >= 0));
  if (!ok) throw new RangeError(`invalid byte range ${JSON.stringify(range)}`);
}
