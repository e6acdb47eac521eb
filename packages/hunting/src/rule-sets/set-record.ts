import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SCAN_ENGINES, type ScanEngine } from '@quarry/vocabulary';

/**
 * What an installed set is, written beside its rules (`.quarry-set.json`) when `rules update` or
 * `rules import` installs it, so it moves with the set on the atomic replace and the loaders can
 * say which set and version ran.
 */
export interface RuleSetRecord {
  engine: ScanEngine;
  name: string;
  /** A release tag (SigmaHQ `r2026-01-01`), `branch@commit` for a pack, or the import's version. */
  version: string;
  /** The repository URL, or `import <file or directory name>`. */
  source: string;
  installed_at: string;
  /** Rules our engines compiled from the set when it was installed. */
  loaded: number;
  /** Rules (Sigma) or rule files (YARA) refused, with the first reasons. */
  refused: number;
  refused_reasons: string[];
}

export const SET_RECORD_FILE = '.quarry-set.json';
/** Reasons kept in a record: enough to see what is wrong without a file the size of the set. */
export const MAX_REASONS = 50;

export function writeSetRecord(dir: string, record: RuleSetRecord): void {
  writeFileSync(join(dir, SET_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of the set in `dir`, or undefined (a directory someone copied or configured by hand). */
export function readSetRecord(dir: string): RuleSetRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(join(dir, SET_RECORD_FILE), 'utf8')) as Partial<RuleSetRecord>;
    if (typeof r.name !== 'string' || typeof r.version !== 'string' || !(SCAN_ENGINES as readonly unknown[]).includes(r.engine)) return undefined;
    return r as RuleSetRecord;
  } catch {
    return undefined;
  }
}

/** Name and version a loader reports for a rule directory: its record's, or the directory's name. */
export function setLabel(dir: string, builtin: boolean): { name: string; version: string } {
  if (builtin) return { name: 'Quarry built-in', version: '' };
  const r = readSetRecord(dir);
  return r ? { name: r.name, version: r.version } : { name: basename(dir.replace(/[\\/]+$/, '')), version: '' };
}
