/** Which layer of the file an error belongs to. */
export type PrefetchFormat = 'MAM' | 'LZXPRESS' | 'SCCA';

export interface PrefetchErrorDetails {
  format: PrefetchFormat;
  /** The on-disk structure being read, e.g. "file header", "volume information entry 2". */
  structure: string;
  /** Absolute offset in the (decompressed, for SCCA) data where the problem was found. */
  offset: number;
  /** Bytes the read needed, when the problem is a short read. */
  needed?: number;
  /** Bytes that were available, when the problem is a short read. */
  available?: number;
}

/** The one error type this library throws. */
export class PrefetchError extends Error {
  readonly format: PrefetchFormat;
  readonly structure: string;
  readonly offset: number;
  readonly needed: number | undefined;
  readonly available: number | undefined;
  /** The message without the location prefix. */
  readonly reason: string;

  constructor(message: string, details: PrefetchErrorDetails) {
    const where = `${details.format} ${details.structure} at offset ${details.offset}`;
    const sizes = details.needed !== undefined ? ` (needed ${details.needed} bytes, ${details.available ?? 0} available)` : '';
    super(`${where}: ${message}${sizes}`);
    this.name = 'PrefetchError';
    this.reason = `${message}${sizes}`;
    this.format = details.format;
    this.structure = details.structure;
    this.offset = details.offset;
    this.needed = details.needed;
    this.available = details.available;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      format: this.format,
      structure: this.structure,
      offset: this.offset,
      ...(this.needed !== undefined ? { needed: this.needed, available: this.available } : {}),
    };
  }
}
