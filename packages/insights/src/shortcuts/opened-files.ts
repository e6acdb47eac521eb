import { table, type Row } from '../prefetch/table.js';
import type { Insight } from '../types.js';
import { argumentsCell } from './argument-tricks.js';
import { countCell, driveTypeCell, entryCell, pinnedCell, timeCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import { latestTime } from './entry.js';

export const OPENED_FILES_COLUMNS = [
  'Target Path',
  'Arguments',
  'Working Directory',
  'Target Created',
  'Target Modified',
  'Target Accessed',
  'Size',
  'Attributes',
  'Drive Type',
  'Volume Serial',
  'Volume Label',
  'Share',
  'Machine ID',
  'Source File',
  'AppID',
  'Application',
  'Entry',
  'Access Count',
  'Last Access',
  'Pinned',
] as const;

/**
 * "Opened Files & Folders": one row per link, Jump List entry and custom-category link, newest
 * first (its latest target or access time). An entry whose link could not be read still has its
 * DestList path and access facts.
 */
export function buildOpenedFiles(job: ShortcutJob): Insight[] {
  const rows: Row[] = job.entries.map((e) => ({
    importance: 'Informational',
    time: latestTime(e),
    cells: {
      'Target Path': e.targetPath,
      Arguments: argumentsCell(e.arguments),
      'Working Directory': e.workingDirectory,
      'Target Created': timeCell(e.created),
      'Target Modified': timeCell(e.modified),
      'Target Accessed': timeCell(e.accessed),
      Size: countCell(e.size),
      Attributes: e.attributes.join(', '),
      'Drive Type': driveTypeCell(e.driveType),
      'Volume Serial': e.volumeSerial ?? '',
      'Volume Label': e.volumeLabel ?? '',
      Share: e.share ?? '',
      'Machine ID': e.tracker?.machineId ?? '',
      'Source File': e.source,
      AppID: e.appId ?? '',
      Application: e.application ?? '',
      Entry: entryCell(e),
      'Access Count': countCell(e.accessCount),
      'Last Access': timeCell(e.lastAccess),
      Pinned: pinnedCell(e),
    },
  }));
  return [table('Opened Files & Folders', 'General', OPENED_FILES_COLUMNS, rows)];
}

export const openedFiles = jobAnalyzer(buildOpenedFiles);
