import { formatTime } from '../common/time-format.js';
import type { ShortcutEntry } from './entry.js';

/** Cell text shared by the shortcut tables (INSIGHTS.md §1: strings, "" when missing). */
export const timeCell = (ms: number | null): string => (ms === null ? '' : formatTime(ms));
export const countCell = (n: number | null): string => (n === null ? '' : String(n));

/** DRIVE_* names as analysts read them. */
const DRIVE_TYPE: Record<string, string> = {
  unknown: 'Unknown',
  'no-root-dir': 'No root directory',
  removable: 'Removable',
  fixed: 'Fixed',
  remote: 'Network',
  cdrom: 'CD-ROM',
  ramdisk: 'RAM disk',
};
export const driveTypeCell = (t: string | null): string => (t === null ? '' : (DRIVE_TYPE[t] ?? t));

/** Pin position as the DestList stores it (0-based), or "" when not pinned. */
export const pinnedCell = (e: ShortcutEntry): string =>
  e.pinned === null ? (e.container === 'automaticDestinations' ? 'no' : '') : `yes (position ${e.pinned})`;

/** The entry within its file: the stream (automatic), category and position (custom). */
export function entryCell(e: ShortcutEntry): string {
  if (e.entry === null) return '';
  if (e.container === 'customDestinations') return e.category ? `${e.category} ${e.entry}` : e.entry;
  return `stream ${e.entry}`;
}

/** Items joined for a cell, capped so one share touched by thousands of links stays readable. */
export function listCell(items: Iterable<string>, max = 20): string {
  const all = [...new Set(items)].filter(Boolean);
  return all.length <= max ? all.join(', ') : `${all.slice(0, max).join(', ')}, … and ${all.length - max} more`;
}

/** Target kinds as the Overview counts them. */
export const TARGET_KIND_LABEL: Record<ShortcutEntry['targetKind'], string> = {
  local: 'Local',
  network: 'Network',
  removable: 'Removable',
  shell: 'Shell only',
  unknown: 'Unknown',
};
