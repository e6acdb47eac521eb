import { SigmaEngine } from '@quarry/sigma';

export const INVALID_SIGMA_RULE = 'Invalid Sigma rule format';

/**
 * Compiles a caller's Sigma rule: the engine, or the reason it is refused (the engine's own message,
 * `Invalid Sigma rule format: <reason> (at <path>, …)`). Rule text is small and YAML alias bombs are
 * refused by the parser, so this runs in the calling thread.
 */
export function compileCustomSigmaRule(text: string): { engine: SigmaEngine } | { error: string } {
  let engine: SigmaEngine;
  try {
    engine = SigmaEngine.fromText(text, {}, 'custom rule');
  } catch (err) {
    return { error: `${INVALID_SIGMA_RULE}: ${(err as Error).message}` };
  }
  const refused = engine.report.refused[0];
  if (refused) return { error: refused.error.message };
  if (engine.report.loaded.rules === 0 && engine.report.loaded.correlations === 0) return { error: `${INVALID_SIGMA_RULE}: no detection rule in the text` };
  return { engine };
}
