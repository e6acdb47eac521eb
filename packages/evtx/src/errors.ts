/** The one error type of this library: says which structure failed, where, and why. */
export class EvtxError extends Error {
  override readonly name = 'EvtxError';
  constructor(
    message: string,
    /** The on-disk structure being read, e.g. `file header`, `chunk header`, `record`, `binxml`. */
    readonly structure: string,
    /** Absolute offset in the file where the problem was found (-1 when unknown). */
    readonly offset: number,
    /** Bytes the structure needed and bytes that were available, for truncation errors. */
    readonly needed?: number,
    readonly available?: number,
  ) {
    super(`${structure} at offset 0x${offset.toString(16)}: ${message}`);
  }
}

/** Throws an EvtxError unless `len` bytes are available at `pos` in a buffer of `end` bytes. */
export function need(structure: string, pos: number, len: number, end: number, base = 0): void {
  if (pos < 0 || len < 0 || pos + len > end) {
    throw new EvtxError(`truncated: needs ${len} bytes`, structure, base + pos, len, Math.max(0, end - pos));
  }
}
