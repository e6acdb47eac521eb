import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A reference tool's path in ~/.cargo/bin (where `cargo install` puts it) or on PATH, else
 * undefined. Cargo's first: pip's python-evtx also installs a (broken) `evtx_dump` script.
 */
export function findTool(name: string): string | undefined {
  const dirs = [join(homedir(), '.cargo', 'bin'), ...(process.env.PATH ?? '').split(delimiter)];
  return dirs.map((d) => join(d, name)).find((p) => existsSync(p));
}

/**
 * A comparison with a reference tool: skipped on a developer machine without it, but a failure
 * under CI, where a silently skipped comparison would prove nothing.
 */
export function toolGate(name: string, present = findTool(name) !== undefined): { skip: boolean; reason: string } {
  if (!present && process.env.CI) throw new Error(`reference tool ${name} is required in CI but is not installed`);
  return { skip: !present, reason: `${name} not installed; comparison skipped` };
}
