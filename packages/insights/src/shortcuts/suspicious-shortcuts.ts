import { table, type Row } from '../prefetch/table.js';
import type { Insight } from '../types.js';
import { argumentsCell } from './argument-tricks.js';
import { entryCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import { latestTime, type ShortcutEntry } from './entry.js';
import { judgeShortcut, type ShortcutVerdict } from './suspicious-rules.js';

export const SUSPICIOUS_COLUMNS = [
  'Importance',
  'Source File',
  'Application',
  'Entry',
  'Target Path',
  'Arguments',
  'Working Directory',
  'Icon Location',
  'Reasons',
  'ATT&CK',
] as const;

/** The verdict of an entry: standalone links are judged with their file name (S6, S8 read it). */
export function verdictOf(e: ShortcutEntry): ShortcutVerdict {
  return judgeShortcut(e, e.container === 'link' ? e.fileName : null);
}

/** Icon location as Windows reads it: the path, then the header's icon index. */
function iconCell(e: ShortcutEntry): string {
  const path = e.iconLocation || e.iconEnvironment;
  return path ? `${path},${e.iconIndex ?? 0}` : '';
}

/** "Suspicious Shortcuts": every entry that hits at least one rule, most important first. */
export function buildSuspiciousShortcuts(job: ShortcutJob): Insight[] {
  const rows: Row[] = [];
  for (const e of job.entries) {
    const { verdict, attack } = verdictOf(e);
    if (verdict.reasons.length === 0) continue;
    rows.push({
      importance: verdict.importance,
      time: latestTime(e),
      cells: {
        'Source File': e.source,
        Application: e.application ?? '',
        Entry: entryCell(e),
        'Target Path': e.targetPath || e.environmentTarget,
        Arguments: argumentsCell(e.arguments),
        'Working Directory': e.workingDirectory,
        'Icon Location': iconCell(e),
        Reasons: verdict.text,
        'ATT&CK': attack.join(', '),
      },
    });
  }
  return [table('Suspicious Shortcuts', 'Process', SUSPICIOUS_COLUMNS, rows)];
}

export const suspiciousShortcuts = jobAnalyzer(buildSuspiciousShortcuts);
