export type ExportErrorCode = 'not-tabular' | 'bad-row';

/** The only error the writers throw: input they cannot write (a Graph as CSV, a row of the wrong width). */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    readonly code: ExportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const isExportError = (e: unknown): e is ExportError => e instanceof ExportError;
