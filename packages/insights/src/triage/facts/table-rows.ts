import { evidenceTypes, type ArtifactType } from '@quarry/vocabulary';
import { IMPORTANCE_LEVELS } from '../../common/importance.js';
import type { Importance, Insight, TimelineEntry } from '../../types.js';
import { titleOf } from '../host-state.js';

/** One row of a per-type table, its cells by column name; `row` is its 0-based place below the header. */
export interface TableRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * The rows of a Table or IndexTable insight by column name (an IndexTable's detail object is kept
 * under `Details`, as its own cells); [] for any other kind, so a missing or changed insight yields
 * no facts rather than wrong ones.
 */
export function tableRows(insight: Insight | undefined): TableRow[] {
  if (!insight) return [];
  if ('Table' in insight) {
    const [header, ...rows] = insight.Table.data;
    if (!header) return [];
    return rows.map((cells, row) => ({ row, cells: Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) }));
  }
  if ('IndexTable' in insight) {
    const columns = insight.IndexTable.columns.slice(0, -1);
    return insight.IndexTable.data.map(([cells, details], row) => ({
      row,
      cells: {
        ...Object.fromEntries(Object.entries(details).map(([k, v]) => [`Details.${k}`, v])),
        ...Object.fromEntries(columns.map((h, i) => [h, cells[i] ?? ''])),
      },
    }));
  }
  return [];
}

/** A Timeline insight's entries, [] for any other kind. */
export function timelineEntries(insight: Insight | undefined): TimelineEntry[] {
  return insight && 'Timeline' in insight ? insight.Timeline.data : [];
}

/** The insight of a member type's results with this (own) title. */
export function byTitle(insights: readonly Insight[], title: string): Insight | undefined {
  return insights.find((i) => titleOf(i) === title);
}

const CELL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?: UTC|Z)$/;
const CELL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date.UTC accepts 2021-02-31 (it rolls over): a time is only taken when it reads back the same. */
function exactUtc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | null {
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(t);
  const read = [back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate(), back.getUTCHours(), back.getUTCMinutes(), back.getUTCSeconds()];
  return Number.isFinite(t) && read.join() === [y, mo, d, h, mi, s].join() ? t : null;
}

/**
 * A table cell's UTC time in ms, as the tables write it (`YYYY-MM-DD HH:MM:SS(.fff) UTC`, or ISO
 * with `Z`); null for anything else (empty, local, garbled), so no fact is made from a guess.
 */
export function cellTime(text: string | undefined): number | null {
  const m = CELL_TIME.exec((text ?? '').trim());
  if (!m) return null;
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  return exactUtc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
}

/** A day-only cell (`YYYY-MM-DD`, e.g. an Uninstall InstallDate): its UTC midnight, or null. */
export function cellDate(text: string | undefined): number | null {
  const m = CELL_DATE.exec((text ?? '').trim());
  return m ? exactUtc(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A row's Importance cell; Informational when the table has none or it is not a level. */
export function cellImportance(text: string | undefined): Importance {
  return IMPORTANCE_LEVELS.find((l) => l === text) ?? 'Informational';
}

/** The first id of a `Record IDs` cell (`6, 9`), or ''. */
export const firstId = (text: string | undefined): string => (text ?? '').split(',')[0]?.trim() ?? '';

/** `<type label> · <title>#row-<n>`: the row as a composite job lists its insight (fanOut's retitling). */
export function rowLink(type: ArtifactType, title: string, row: number | null): string {
  const nested = `${evidenceTypes[type].label} · ${title}`;
  return row === null ? nested : `${nested}#row-${row}`;
}

/** A cell's text, or null when empty. */
export const orNull = (text: string | undefined): string | null => (text && text.trim() !== '' ? text : null);
