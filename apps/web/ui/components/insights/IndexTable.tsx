import type { Insight } from '@quarry/insights';
import { useRowFocus } from '../../lib/row-focus';
import { DataGrid, type GridRow } from '../DataGrid';
import { COLLAPSE_AFTER, insightCell } from './cells';

type IndexTablePayload = Extract<Insight, { IndexTable: unknown }>['IndexTable'];

/** An IndexTable: cells for every column but the last; the last column's detail object opens per row. */
export function IndexTableInsight({ insight, section }: { insight: IndexTablePayload; section?: string }) {
  const focus = useRowFocus(section);
  const columns = insight.columns.slice(0, -1);
  const rows: GridRow[] = insight.data.map(([cells, detail]) => ({ cells, detail }));
  return (
    <DataGrid
      label={insight.title}
      columns={columns}
      rows={rows}
      renderCell={insightCell()}
      height={Math.min(560, 80 + rows.length * 34)}
      collapseAfter={COLLAPSE_AFTER}
      focusRow={focus}
    />
  );
}
