import type { Insight } from '@quarry/insights';
import { DataGrid, type GridRow } from '../DataGrid';
import { insightCell } from './cells';

type IndexTablePayload = Extract<Insight, { IndexTable: unknown }>['IndexTable'];

/** An IndexTable: cells for every column but the last; the last column's detail object opens per row. */
export function IndexTableInsight({ insight }: { insight: IndexTablePayload }) {
  const columns = insight.columns.slice(0, -1);
  const rows: GridRow[] = insight.data.map(([cells, detail]) => ({ cells, detail }));
  return <DataGrid label={insight.title} columns={columns} rows={rows} renderCell={insightCell()} height={Math.min(560, 80 + rows.length * 34)} />;
}
