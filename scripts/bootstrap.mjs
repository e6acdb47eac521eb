// Installs the workspace's npm dependencies when they are missing or older than the lock file.
// Only Node built-ins here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  console.log('quarry: installing dependencies (npm install)…');
  // --prefer-offline takes what npm's cache already holds without asking the registry again (the
  // lock pins every version and its integrity hash). Not `npm ci`: the lock leaves out other
  // platforms' optional packages, which ci refuses as out of sync.
  if (run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']) !== 0) process.exit(1);
}

export function build() {
  console.log('quarry: building (turbo run build)…');
  // The workspace's own turbo, not `npx turbo`: npx costs seconds of start-up on a busy machine,
  // which a warm start (everything cached) feels.
  if (run(join('node_modules', '.bin', 'turbo'), ['run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
  linkBins();
}

// npm links a workspace's bins at install time only where the target exists, and the targets are
// built files (dist/); without this, `npx quarry-reg` on a fresh clone would look in the registry.
// rebuild links them (and marks them executable); no package's scripts run. Skipped when every
// link is there already (seconds saved on each warm start).
function linkBins() {
  if (workspaceBins().every((name) => existsSync(join('node_modules', '.bin', name)))) return;
  if (run('npm', ['rebuild', '--ignore-scripts', '--loglevel=error']) !== 0) process.exit(1);
}

/** The command names the workspaces' package.json files declare under `bin`. */
function workspaceBins() {
  const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(pattern.slice(0, -2)).map((d) => join(pattern.slice(0, -2), d)) : [pattern],
  );
  return dirs.flatMap((dir) => {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) return [];
    const { name, bin } = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof bin === 'string') return [name.split('/').pop()];
    return Object.keys(bin ?? {});
  });
}
