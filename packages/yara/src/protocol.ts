import type { Diagnostic } from './diagnostics.js';
import type { RawRuleMatch } from './engine.js';
import type { Externals } from './externals.js';
import type { CompileGroup } from './pack.js';
import type { FileScanLimits } from './scan-target.js';

/** Rules a request runs: a loaded pack (by id) or a caller's rule text. */
export type RuleRef = { kind: 'pack'; packId: string } | { kind: 'custom'; source: string };

export type Target = { kind: 'buffer'; data: Uint8Array; name: string } | { kind: 'file'; path: string; name?: string };

export type Request =
  | { type: 'load'; id: number; packId: string; groups: CompileGroup[] }
  | { type: 'compile'; id: number; source: string }
  | { type: 'scan'; id: number; rules: RuleRef; target: Target; externals: Partial<Externals>; limits: FileScanLimits };

export interface WireError {
  code: string;
  message: string;
  diagnostics?: Diagnostic[];
}

export type Response =
  | { type: 'loaded'; id: number; split: string[]; ms: number }
  | { type: 'compiled'; id: number; errors: Diagnostic[]; warnings: Diagnostic[] }
  | { type: 'scanned'; id: number; matches: RawRuleMatch[]; bytes: number; windows: number; ms: number }
  | { type: 'failed'; id: number; error: WireError };

/**
 * Compiled packs a worker keeps, dropped oldest-loaded first. The pool mirrors the same order to
 * know which packs a worker still holds. A full community pack is ~540 MB compiled.
 */
export const WORKER_MAX_PACKS = 2;
