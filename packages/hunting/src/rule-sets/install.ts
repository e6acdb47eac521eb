import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rulesRoot } from './status.js';

/**
 * A scratch directory under `<data dir>/rules/.staging`: on the same file system as the installed
 * sets (so the final rename is atomic) and outside the directories the loaders watch.
 */
export function stagingDir(dataDir: string, label: string): string {
  const root = join(rulesRoot(dataDir), '.staging');
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `${label}-`));
}

/**
 * Puts `staged` in place of `target` with two renames: a loader sees the old set or the new one,
 * never a half-copied one. The old copy is removed after the swap.
 */
export function replaceDir(staged: string, target: string, scratch: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const old = join(scratch, 'previous');
  if (existsSync(target)) renameSync(target, old);
  renameSync(staged, target);
  rmSync(old, { recursive: true, force: true });
}

/** Licence, readme and provenance files at the top of a set: kept with the rules (DRL 1.1 asks for attribution). */
const LICENCE_FILE = /^(licen[cs]e|copying|notice|readme|authors|source)([._-].*)?$/i;

/**
 * Copies the named entries of `from` that exist, plus its licence and readme files, into `to`.
 * The copy is made writable by its owner (a read-only source keeps its modes through cpSync), or
 * the next update could not remove it.
 */
export function copyKept(from: string, to: string, keep: readonly string[]): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (keep.includes(name) || (LICENCE_FILE.test(name) && statSync(path).isFile())) cpSync(path, join(to, name), { recursive: true });
  }
  for (const e of readdirSync(to, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name);
    chmodSync(p, e.isDirectory() ? 0o755 : 0o644);
  }
}
