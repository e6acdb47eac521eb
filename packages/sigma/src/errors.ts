/** Where in the rule sources a problem sits: file, YAML document, and key path inside it. */
export interface SigmaLocation {
  file?: string;
  document?: number;
  /** Dotted key path inside the document, e.g. `detection.selection.Image|endswith`. */
  path?: string;
  line?: number;
}

/** The library's one error type: a precise reason plus where it applies. */
export class SigmaError extends Error {
  readonly reason: string;
  readonly location: SigmaLocation;
  readonly ruleId: string | undefined;

  constructor(reason: string, location: SigmaLocation = {}, ruleId?: string) {
    super(`Invalid Sigma rule format: ${reason}${formatLocation(location)}`);
    this.name = 'SigmaError';
    this.reason = reason;
    this.location = location;
    this.ruleId = ruleId;
  }

  /** Same reason at a deeper key path or with file context added. */
  withLocation(extra: SigmaLocation, ruleId?: string): SigmaError {
    const path = [extra.path, this.location.path].filter(Boolean).join('.');
    return new SigmaError(this.reason, { ...extra, ...this.location, ...(path ? { path } : {}) }, ruleId ?? this.ruleId);
  }
}

function formatLocation(l: SigmaLocation): string {
  const parts: string[] = [];
  if (l.path) parts.push(`at ${l.path}`);
  if (l.file) parts.push(`in ${l.file}${l.line ? `:${l.line}` : ''}`);
  if (l.document !== undefined && l.document > 0) parts.push(`document ${l.document + 1}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
