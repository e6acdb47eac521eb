import type { Diagnostic } from '@quarry/yara';
import type { ServiceDeps } from '../deps.js';

/** `Invalid Yara rule: <compiler's first error> (line L, column C)`: one line, no source excerpt. */
export function yaraRuleProblem(errors: readonly Diagnostic[]): string | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const at = first.line === undefined ? '' : ` (line ${first.line}${first.column === undefined ? '' : `, column ${first.column}`})`;
  return `Invalid Yara rule: ${first.title}${at}`;
}

/** Compiles a caller's rule in a scan worker (never on the event loop): the problem, or undefined when it compiles. */
export async function checkYaraRule(deps: Pick<ServiceDeps, 'hunting'>, text: string): Promise<string | undefined> {
  const { errors } = await deps.hunting.yaraPool.compileRule(text);
  return yaraRuleProblem(errors);
}
