/** Which structure family an error belongs to. */
export type ShortcutFormat = 'LNK' | 'CFB' | 'DESTLIST' | 'CUSTOM';

export interface ShortcutErrorDetails {
  format: ShortcutFormat;
  /** The on-disk structure being read, e.g. "link header", "shell item 3", "DestList entry 7". */
  structure: string;
  /** Absolute offset in the file (or the compound-file stream, for DESTLIST) where the problem was found. */
  offset: number;
  needed?: number;
  available?: number;
}

/** The one error type this library throws. */
export class ShortcutError extends Error {
  readonly format: ShortcutFormat;
  readonly structure: string;
  readonly offset: number;
  readonly needed: number | undefined;
  readonly available: number | undefined;
  /** The message without the location prefix. */
  readonly reason: string;

  constructor(message: string, details: ShortcutErrorDetails) {
    const sizes = details.needed !== undefined ? ` (needed ${details.needed} bytes, ${details.available ?? 0} available)` : '';
    super(`${details.format} ${details.structure} at offset ${details.offset}: ${message}${sizes}`);
    this.name = 'ShortcutError';
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
