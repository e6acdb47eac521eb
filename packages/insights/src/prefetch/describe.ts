import type { PrefetchEntry } from './entry.js';
import { cellTime } from './time.js';

/** The executable's path for a sentence: its own reference, else said to be unknown. */
export function pathText(e: PrefetchEntry): string {
  return e.exe?.path ?? '(path not recorded)';
}

/** The Last Run cell. */
export function lastRun(e: PrefetchEntry): string {
  return cellTime(e.runs[0] ?? null);
}
