/** A compiler error or warning, with its position pulled out of YARA-X's report text. */
export interface Diagnostic {
  /** YARA-X code, e.g. `E009` or `invariant_expr`. */
  code: string;
  /** First line of the report, e.g. "error[E009]: unknown identifier `filename`". */
  title: string;
  /** The full multi-line report as YARA-X prints it (with the source excerpt). */
  message: string;
  /** 1-based position in the compiled text, when the report has one. */
  line?: number;
  column?: number;
}

const POSITION = /-->\s*line:(\d+):(\d+)/;

/** The binding gives only `{code, message}`; the position is in the message's `--> line:L:C`. */
export function toDiagnostic(raw: { code: string; message: string; line?: number; column?: number }): Diagnostic {
  // Compile exceptions are prefixed "Compilation error (E012): "; strip it so titles read alike.
  const message = raw.message.replace(/^Compilation error \([^)]*\):\s*/, '');
  const d: Diagnostic = { code: raw.code, title: message.split('\n', 1)[0] ?? '', message };
  const m = POSITION.exec(message);
  const line = raw.line ?? (m ? Number(m[1]) : undefined);
  const column = raw.column ?? (m ? Number(m[2]) : undefined);
  if (line !== undefined) d.line = line;
  if (column !== undefined) d.column = column;
  return d;
}

/** Parses the code out of a thrown compile error ("Compilation error (E012): ..."). */
export function diagnosticFromThrown(err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const code = /^Compilation error \(([^)]*)\)/.exec(message)?.[1] ?? /^error\[([^\]]+)\]/.exec(message)?.[1] ?? 'unknown';
  return toDiagnostic({ code, message });
}
