import { evidenceTypes, type ArtifactType } from '@quarry/vocabulary';
import { IMPORTANCE_LEVELS } from '../../common/importance.js';
import type { Importance, Insight, TimelineEntry } from '../../types.js';
import { titleOf } from '../host-state.js';

/** One row of a per-type table, its cells by column name; `row` is its 0-based place below the header. */
export interface TableRow {
  readonly row: number;
  readonly cells: Readonly<Record<string, string>>;
}

/** Each insight's rows, built once: the host analyzers read the same tables several times (Authentication, Command Lines). */
const built = new WeakMap<Insight, readonly TableRow[]>();

/** A row's cells by name; `details` (an IndexTable row's object) go first, under `Details.<key>`. */
function cellsOf(columns: readonly string[], cells: readonly string[], details?: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  if (details) for (const k in details) out[`Details.${k}`] = details[k]!;
  for (let i = 0; i < columns.length; i++) out[columns[i]!] = cells[i] ?? '';
  return out;
}

/**
 * The rows of a Table or IndexTable insight by column name (an IndexTable's detail object is kept
 * under `Details`, as its own cells); [] for any other kind, so a missing or changed insight yields
 * no facts rather than wrong ones.
 */
export function tableRows(insight: Insight | undefined): readonly TableRow[] {
  if (!insight) return [];
  let rows = built.get(insight);
  if (rows === undefined) {
    rows = tableRowsWhere(insight, null, () => true);
    built.set(insight, rows);
  }
  return rows;
}

/**
 * The rows whose `column` cell passes `keep` (a visible column, read as '' where the table has none; null: every row), without building
 * the others' cells: the findings want the few High and Critical rows of every table.
 */
export function tableRowsWhere(insight: Insight, column: string | null, keep: (cell: string) => boolean): TableRow[] {
  if ('Table' in insight) {
    const [header, ...data] = insight.Table.data;
    if (!header) return [];
    const at = column === null ? -1 : header.indexOf(column);
    const rows: TableRow[] = [];
    data.forEach((cells, row) => {
      if (column === null || keep(cells[at] ?? '')) rows.push({ row, cells: cellsOf(header, cells) });
    });
    return rows;
  }
  if ('IndexTable' in insight) {
    const columns = insight.IndexTable.columns.slice(0, -1);
    const at = column === null ? -1 : columns.indexOf(column);
    const rows: TableRow[] = [];
    insight.IndexTable.data.forEach(([cells, details], row) => {
      if (column === null || keep(cells[at] ?? '')) rows.push({ row, cells: cellsOf(columns, cells, details) });
    });
    return rows;
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
