/** The one error type this library throws. Carries where in the input the problem was found. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  readonly format = 'regf';
  constructor(
    message: string,
    /** On-disk structure being read, e.g. "base block", "nk", "HvLE log entry". */
    readonly structure: string,
    /** Absolute byte offset in the input, or -1 when not tied to one. */
    readonly offset: number,
    readonly needed?: number,
    readonly available?: number,
  ) {
    const at = offset >= 0 ? ` at 0x${offset.toString(16)}` : '';
    const sizes = needed !== undefined ? ` (needed ${needed} bytes, ${available ?? 0} available)` : '';
    super(`${structure}${at}: ${message}${sizes}`);
  }
}

/** A non-fatal anomaly attached to the item it concerns. */
export interface RegistryWarning {
  structure: string;
  offset: number;
  message: string;
}

export function warning(structure: string, offset: number, message: string): RegistryWarning {
  return { structure, offset, message };
}

/** Turns any thrown value from our own code into a warning; foreign errors are bugs and rethrown. */
export function asWarning(err: unknown): RegistryWarning {
  if (err instanceof RegistryError) return { structure: err.structure, offset: err.offset, message: err.message };
  throw err;
}
