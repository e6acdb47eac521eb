#!/usr/bin/env node
// `npm test`: installs what the suite needs (dependencies, Temporal CLI, reference tools), builds
// the packages (CLIs and worker threads run compiled JS), typechecks, lints (`npm run lint`: ESLint
// and Prettier's check), runs vitest over every workspace and prints one plain closing line that CI can read.
import { readFileSync, rmSync } from 'node:fs';
import { build, run } from './bootstrap.mjs';

if (run('bash', ['scripts/setup-test-env.sh']) !== 0) process.exit(1);
build();
if (run('npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']) !== 0) process.exit(1);
if (run('npm', ['run', '-s', 'lint']) !== 0) process.exit(1);
const results = '.vitest-results.json';
rmSync(results, { force: true });
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)]);
try {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('tests: 0 passed, 1 failed');
}
process.exit(status);
