/**
 * Git repositories the rule-set tests fetch from instead of GitHub: built here from the shared
 * corpus (../shared/rules), reached through file:// URLs, so `git ls-remote` and `git clone --depth 1`
 * run for real.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sharedPath } from './shared.js';

const SIGMA = sharedPath('rules', 'sigma');
const REVERSINGLABS = sharedPath('rules', 'yara', 'reversinglabs');

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Quarry tests', '-c', 'user.email=tests@quarry.invalid', ...args], { cwd, stdio: 'ignore' });
}

export function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Sigma rule files of a SigmaHQ folder that stand on their own: rules with placeholders (`expand`,
 * `%name%`) need a placeholder table, which the installer does not have, so they are left out.
 */
export function standaloneSigmaFiles(rel: string): string[] {
  return filesUnder(join(SIGMA, rel), /\.yml$/).filter((f) => !/\|expand|%\w+%/.test(readFileSync(f, 'utf8')));
}

/**
 * Rule declarations of a YARA file, counted from its text: `rule NAME` at a line start, optionally
 * `private`/`global` (the ReversingLabs files have no rules in comments).
 */
export function yaraRuleCount(files: readonly string[]): number {
  return files.reduce((n, f) => n + (readFileSync(f, 'utf8').match(/^\s*(?:(?:private|global)\s+)*rule\s+\w+/gm)?.length ?? 0), 0);
}

function copyInto(repo: string, files: readonly string[], base: string): void {
  for (const f of files) {
    const to = join(repo, relative(base, f));
    mkdirSync(join(to, '..'), { recursive: true });
    cpSync(f, to);
  }
}

export interface SigmaRepo {
  url: string;
  /** The rule files of the newest release tag (r2026-01-01). */
  newest: string[];
}

/**
 * A SigmaHQ-like repository: release r2025-06-01 holds the System rules, r2026-01-01 adds the
 * Security rules; both hold LICENSE, README.md and a `tests` folder (which an install leaves out).
 */
export function makeSigmaRepo(root: string): SigmaRepo {
  const repo = join(root, 'sigma');
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '--quiet', '-b', 'master');
  const system = standaloneSigmaFiles('rules/windows/builtin/system');
  const security = standaloneSigmaFiles('rules/windows/builtin/security');
  copyInto(repo, system, SIGMA);
  for (const f of ['LICENSE', 'README.md']) cpSync(join(SIGMA, f), join(repo, f));
  mkdirSync(join(repo, 'tests'));
  writeFileSync(join(repo, 'tests', 'not-a-rule.yml'), 'title: tooling, not a rule\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'release 1');
  git(repo, 'tag', 'r2025-06-01');
  copyInto(repo, security, SIGMA);
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'release 2');
  git(repo, 'tag', 'r2026-01-01');
  // A later commit no release tag names: an update installs the newest release, not the branch head.
  writeFileSync(join(repo, 'rules', 'unreleased.yml'), readFileSync(security[0]!));
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'work in progress');
  return { url: pathToFileURL(repo).href, newest: [...system, ...security] };
}

export interface PackRepo {
  url: string;
  branch: string;
  files: string[];
}

/** A ReversingLabs-like pack on branch `develop`: LICENSE, README.md and the first `count` ransomware files. */
export function makePackRepo(root: string, count = 12): PackRepo {
  const repo = join(root, 'reversinglabs');
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '--quiet', '-b', 'develop');
  const files = filesUnder(join(REVERSINGLABS, 'yara', 'ransomware'), /\.yara?$/).slice(0, count);
  copyInto(repo, files, REVERSINGLABS);
  for (const f of ['LICENSE', 'README.md']) cpSync(join(REVERSINGLABS, f), join(repo, f));
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'pack');
  return { url: pathToFileURL(repo).href, branch: 'develop', files };
}

export const HAVE_RULES = readdirSafe(SIGMA) && readdirSafe(REVERSINGLABS);
export const NO_RULES = `skipped: ${sharedPath('rules')} is absent (../shared/rules)`;

function readdirSafe(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}
