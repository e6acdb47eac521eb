import { execFileSync } from 'node:child_process';
import { findTool, toolGate } from '@quarry/testkit';

export { toolGate };

export function hasPythonModule(name: string): boolean {
  try {
    execFileSync('python3', ['-c', `import ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function hasTool(name: string): boolean {
  return findTool(name) !== undefined;
}
