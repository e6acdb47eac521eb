import { evidenceTypes, type ArtifactType } from '@quarry/vocabulary';
import type { Insight } from '../types.js';

/** One data row of a per-type Table or IndexTable, its cells by column name (an IndexTable's detail keys too). */
export interface HostRow {
  /** 0-based position among the insight's data rows (header excluded), as evidence links count. */
  row: number;
  cells: Record<string, string>;
}

/** The data rows of a Table or IndexTable insight by column name; [] for any other kind. */
export function rowsOf(insight: Insight | undefined): HostRow[] {
  if (!insight) return [];
  if ('Table' in insight) {
    const [header = [], ...data] = insight.Table.data;
    return data.map((cells, row) => ({ row, cells: Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) }));
  }
  if ('IndexTable' in insight) {
    const columns = insight.IndexTable.columns;
    return insight.IndexTable.data.map(([cells, detail], row) => ({
      row,
      cells: { ...detail, ...Object.fromEntries(columns.slice(0, -1).map((h, i) => [h, cells[i] ?? ''])) },
    }));
  }
  return [];
}

/** A per-type result type as a triage job lists it (fanOut's retitling): `Registry · Application Data: ShimCache`. */
export function nestedTitle(type: ArtifactType, title: string): string {
  return `${evidenceTypes[type].label} · ${title}`;
}

/**
 * The dashboard's link to one row of a result type of the job: `<listed title>#row-<n>`, n counted
 * from 0 over data rows (Timeline entries), as TriageRecord.row counts.
 */
export function rowLink(listedTitle: string, row: number): string {
  return `${listedTitle}#row-${row}`;
}

/** Unix ms of a cell time (`2019-04-18 16:55:44.135 UTC`); null for "" or any other text. */
export function cellMs(cell: string | undefined): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3}) UTC$/.exec(cell ?? '');
  return m ? Date.parse(`${m[1]}T${m[2]}Z`) : null;
}
