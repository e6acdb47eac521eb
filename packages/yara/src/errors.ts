import type { Diagnostic } from './diagnostics.js';

/** What went wrong, so callers (REST layer, CLI) can map it without parsing messages. */
export type YaraErrorCode =
  | 'compile' // rule text does not compile
  | 'timeout' // a scan ran past its deadline and its worker was killed
  | 'scan' // the engine refused or failed a scan
  | 'worker' // a scan worker died or could not start
  | 'io' // a rule or target file could not be read
  | 'not-found' // rule retrieval: a requested name is in no loaded pack
  | 'invalid-input'; // caller input is malformed (bad base64, empty rule, bad option)

export interface YaraErrorDetails {
  /** Rule file or scanned file the error is about. */
  file?: string;
  /** 1-based line and column in the rule text, when the compiler gave them. */
  line?: number;
  column?: number;
  /** Byte offset in the scanned data, when relevant. */
  offset?: number;
  /** Compiler reports, for `compile` errors. */
  diagnostics?: Diagnostic[];
  cause?: unknown;
}

/** The one error type this library throws. */
export class YaraError extends Error {
  readonly code: YaraErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly offset: number | undefined;
  readonly diagnostics: Diagnostic[];

  constructor(code: YaraErrorCode, message: string, details: YaraErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'YaraError';
    this.code = code;
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.offset = details.offset;
    this.diagnostics = details.diagnostics ?? [];
  }
}
