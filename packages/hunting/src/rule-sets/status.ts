import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleSetRecord } from './set-record.js';

export type RuleSetsState = 'fetching' | 'importing' | 'installed' | 'partial' | 'failed';

/**
 * The last `rules update`/`rules import`/first-run fetch, in `<data dir>/rules/status.json`: what
 * the dashboard shows while a fetch runs in the background and after it ended.
 */
export interface RuleSetsStatus {
  state: RuleSetsState;
  trigger: 'first-run' | 'update' | 'import';
  started_at: string;
  finished_at: string | null;
  /** The step running now (fetching) or the last one. */
  step: string;
  /** Why sets failed, one line per set; null when none did. */
  reason: string | null;
  /** The sets this run installed. */
  sets: RuleSetRecord[];
}

export const rulesRoot = (dataDir: string): string => join(dataDir, 'rules');
const statusFile = (dataDir: string): string => join(rulesRoot(dataDir), 'status.json');

/** Written whole and renamed into place, so a reader never sees half a record. */
export function writeStatus(dataDir: string, status: RuleSetsStatus): void {
  mkdirSync(rulesRoot(dataDir), { recursive: true });
  const tmp = `${statusFile(dataDir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(status, null, 2)}\n`);
  renameSync(tmp, statusFile(dataDir));
}

export function readStatus(dataDir: string): RuleSetsStatus | undefined {
  try {
    return JSON.parse(readFileSync(statusFile(dataDir), 'utf8')) as RuleSetsStatus;
  } catch {
    return undefined;
  }
}
