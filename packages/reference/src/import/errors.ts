/** A problem with one upstream input file; the importer reports it and goes on with the others. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  constructor(
    readonly file: string,
    /** What was being read, e.g. "zip end of central directory", "csv header". */
    readonly structure: string,
    message: string,
    /** Absolute byte offset in the (container) file, or -1 when not tied to one. */
    readonly offset = -1,
  ) {
    super(`${file}: ${structure}${offset >= 0 ? ` at 0x${offset.toString(16)}` : ''}: ${message}`);
  }
}
