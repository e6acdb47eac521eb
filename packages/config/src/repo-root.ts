import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The monorepo root: the nearest directory above this package holding a package.json with
 * "workspaces". Searched from this file rather than the working directory, so scripts started
 * from any folder agree on where `.data/` lives.
 */
export function repoRoot(): string {
  cached ??= findWorkspaceRoot(dirname(fileURLToPath(import.meta.url)));
  return cached;
}

export function findWorkspaceRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (hasWorkspaces(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json with "workspaces" above ${start}`);
  }
}

function hasWorkspaces(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'workspaces' in manifest;
  } catch {
    // An unreadable or malformed manifest is not a workspace root; keep walking up.
    return false;
  }
}
