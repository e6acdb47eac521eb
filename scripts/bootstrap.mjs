// Installs the workspace's npm dependencies when they are missing or older than the lock file.
// Only Node built-ins here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
  if (run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
  makeBinsExecutable();
}

// npm links workspace bins at install time, before dist/ exists, so it cannot mark them
// executable; do it once they are built.
function makeBinsExecutable() {
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(group)) {
      const manifest = join(group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
      const targets = typeof bin === 'string' ? [bin] : Object.values(bin ?? {});
      for (const target of targets) {
        const file = join(dirname(manifest), target);
        if (existsSync(file)) chmodSync(file, 0o755);
      }
    }
  }
}
