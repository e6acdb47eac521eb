/** Where a parser met a damaged structure: the format layer, the structure, its offset, and the sizes of a short read. */
export interface StructureErrorDetails<F extends string = string> {
  format: F;
  /** The on-disk structure being read, e.g. "file header", "shell item 3". */
  structure: string;
  /** Absolute offset in the data where the problem was found. */
  offset: number;
  /** Bytes the read needed, when the problem is a short read. */
  needed?: number;
  /** Bytes that were available, when the problem is a short read. */
  available?: number;
}

/**
 * The base of the artifact parsers' one error type each: a subclass names its formats, and
 * `Warnings.section` turns any of them into a warning so the rest of the file is still parsed.
 */
export abstract class StructureError<F extends string = string> extends Error {
  readonly format: F;
  readonly structure: string;
  readonly offset: number;
  readonly needed: number | undefined;
  readonly available: number | undefined;
  /** The message without the location prefix. */
  readonly reason: string;

  constructor(message: string, details: StructureErrorDetails<F>) {
    const sizes = details.needed !== undefined ? ` (needed ${details.needed} bytes, ${details.available ?? 0} available)` : '';
    super(`${details.format} ${details.structure} at offset ${details.offset}: ${message}${sizes}`);
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
