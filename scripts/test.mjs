#!/usr/bin/env node
// Runs the whole suite: builds the packages (CLIs and worker threads run compiled JS), then
// vitest over every workspace, then prints one plain closing line that CI can read.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const results = '.vitest-results.json';
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
rmSync(results, { force: true });
const status = run('npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`,
  ...process.argv.slice(2),
]);
try {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('tests: 0 passed, 1 failed');
}
process.exit(status);
