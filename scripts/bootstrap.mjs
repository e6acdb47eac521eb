// Installs the workspace's npm dependencies when they are missing or older than the lock file.
// Only Node built-ins here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  console.log('quarry: installing dependencies (npm install)…');
  if (run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']) !== 0) process.exit(1);
}

export function build() {
  console.log('quarry: building (turbo run build)…');
  if (run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
  linkBins();
}

// npm links a workspace's bins at install time only where the target exists, and the targets are
// built files (dist/); without this, `npx quarry-reg` on a fresh clone would look in the registry.
// rebuild links them (and marks them executable); no package's scripts run.
function linkBins() {
  if (run('npm', ['rebuild', '--ignore-scripts', '--loglevel=error']) !== 0) process.exit(1);
}
