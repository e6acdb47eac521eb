import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { BUILTIN_RULES_DIR } from '../src/index.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('quarry-yara CLI (compiled dist/cli.js)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-yara-cli-'));
  const rules = join(dir, 'rules');
  const targets = join(dir, 'targets');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  spawnSync('mkdir', ['-p', rules, targets]);
  writeFileSync(join(rules, 'ok.yar'), 'rule Cli_Hit : demo { meta: author = "me" strings: $a = "cli-needle" condition: $a }\n');
  writeFileSync(join(rules, 'bad.yar'), 'rule Cli_Bad {\n  condition:\n    nosuchthing\n}\n');
  writeFileSync(join(targets, 'hit.txt'), 'xx cli-needle xx');
  writeFileSync(join(targets, 'miss.txt'), 'nothing here');

  test('check lists files, rules and errors per file', () => {
    const r = run('check', '--rules', rules);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('ok     rules/ok.yar  rules=1 warnings=0');
    expect(r.stdout).toContain('error  rules/bad.yar:3:5  error[E009]: unknown identifier `nosuchthing`');
    expect(r.stdout.trim().split('\n').pop()).toBe('files=2 compiled=1 failed=1 rules=1 warnings=0');
    const builtin = run('check', '--rules', BUILTIN_RULES_DIR);
    expect(builtin.status).toBe(0);
  });

  test('scan prints one JSON line per match, skipping the broken file', () => {
    const r = run('scan', '--rules', rules, join(targets, 'hit.txt'), join(targets, 'miss.txt'));
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('skipped rules/bad.yar');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([{ file: join(targets, 'hit.txt'), rule: 'Cli_Hit', namespace: 'rules/ok.yar', tags: ['demo'], meta: { author: 'me' } }]);
    // Directory targets after `--`.
    const all = run('scan', '--rules', rules, '--', targets);
    expect(all.stdout.trim().split('\n')).toHaveLength(1);
  });

  test('usage errors', () => {
    expect(run('scan', '--rules', join(dir, 'missing')).status).toBe(2);
    expect(run('frobnicate').status).toBe(2);
    expect(run('help').status).toBe(0);
  });
});
