import type { Insight } from '@quarry/insights';
import { useRowFocus } from '../../lib/row-focus';
import { DataGrid, type GridRow } from '../DataGrid';
import { COLLAPSE_AFTER, insightCell } from './cells';

type TablePayload = Extract<Insight, { Table: unknown }>['Table'];

/** A Table insight: the first row holds the column names; rows keep the analyzer's order until sorted. */
export function TableInsight({ insight, section }: { insight: TablePayload; section?: string }) {
  const focus = useRowFocus(section);
  const [header = [], ...body] = insight.data;
  const rows: GridRow[] = body.map((cells) => ({ cells }));
  return (
    <DataGrid
      label={insight.title}
      columns={header}
      rows={rows}
      renderCell={insightCell()}
      height={Math.min(480, 80 + rows.length * 34)}
      collapseAfter={COLLAPSE_AFTER}
      focusRow={focus}
    />
  );
}
