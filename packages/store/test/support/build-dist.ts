// The record-store writer runs its database work in a pool task loaded from dist (a pool thread
// cannot load the TypeScript source): rebuild the package first when any source is newer.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.ts')) newest = Math.max(newest, statSync(join(dir, name)).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const built = join(ROOT, 'dist/record-store/write-task.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(join(ROOT, 'src'))) return;
  // The package's own build (esbuild, no type check): tsc here needed every dependency's .d.ts.
  execFileSync(process.execPath, [join(ROOT, '../../scripts/build-package.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
