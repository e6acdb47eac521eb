import { execFileSync } from 'node:child_process';

export function hasPythonModule(name: string): boolean {
  try {
    execFileSync('python3', ['-c', `import ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function hasTool(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reference tools are optional on a developer machine but required in CI, so a comparison that
 * silently skipped there would prove nothing.
 */
export function toolGate(name: string, present = hasTool(name)): { skip: boolean; reason: string } {
  if (!present && process.env.CI) throw new Error(`reference tool ${name} is required in CI but is not installed`);
  return { skip: !present, reason: `${name} not installed; comparison skipped` };
}
