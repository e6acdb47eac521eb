'use client';

import { ActionIcon, Button, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingFn,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { asImportance, importanceRank } from '../lib/importance';
import { DetailList } from './DetailList';
import classes from './DataGrid.module.css';

export interface GridRow {
  cells: string[];
  /** Shown when the row is expanded, below its cells (IndexTable details, event data). */
  detail?: Record<string, string>;
}

export interface DataGridProps {
  label: string;
  columns: string[];
  rows: GridRow[];
  /** Custom rendering of a cell (importance badges, record links); plain text otherwise. */
  renderCell?: (column: string, value: string) => ReactNode;
  initialSorting?: SortingState;
  /** Height of the scrolling body; rows outside it are not rendered (virtualised). */
  height?: number;
  /** Long tables open showing this many rows (after sorting and filtering), with a button for the rest. */
  collapseAfter?: number;
  /** A row (its index in `rows`) to bring into view and highlight; a new `seq` asks again. */
  focusRow?: { row: number; seq: number } | null;
}

const ROW_HEIGHT = 34;

/** Importance columns sort by level, not alphabetically; numbers sort as numbers. */
const smartSort: SortingFn<GridRow> = (a, b, id) => {
  const x = String(a.getValue(id) ?? '');
  const y = String(b.getValue(id) ?? '');
  if (asImportance(x) || asImportance(y)) return importanceRank(x) - importanceRank(y);
  const nx = Number(x);
  const ny = Number(y);
  if (x !== '' && y !== '' && Number.isFinite(nx) && Number.isFinite(ny)) return nx - ny;
  return x.localeCompare(y);
};

/**
 * A table for up to tens of thousands of rows: sortable by any column, filtered by a text box
 * over every cell and per column, rows expandable to their full values, and only the rows in
 * view rendered (fixed row height, so scrolling a 10k-row table shifts nothing). Optionally
 * opens collapsed to its first rows, and brings a requested row into view, highlighted.
 */
export function DataGrid({ label, columns, rows, renderCell, initialSorting = [], height = 480, collapseAfter, focusRow }: DataGridProps) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [focused, setFocused] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const hasDetails = rows.some((r) => r.detail && Object.keys(r.detail).length > 0) || columns.length > 0;

  const defs = useMemo<ColumnDef<GridRow>[]>(
    () =>
      columns.map((name, i) => ({
        id: `c${i}`,
        header: name,
        accessorFn: (r) => r.cells[i] ?? '',
        sortingFn: smartSort,
        filterFn: 'includesString',
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting, globalFilter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (_r, i) => String(i),
  });
  const matching = table.getRowModel().rows;
  const collapsed = collapseAfter !== undefined && !showAll && matching.length > collapseAfter;
  const visible = collapsed ? matching.slice(0, collapseAfter) : matching;

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    measureElement: (el) => el.getBoundingClientRect().height,
  });
  // Fixed column widths for the whole table (from the header and a sample of rows): tracks sized
  // by content would differ per row, and rows would no longer line up under the header.
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const template = `${hasDetails ? '32px ' : ''}${widths.map((w) => `${w}px`).join(' ')}`;
  const totalWidth = widths.reduce((a, b) => a + b, hasDetails ? 32 : 0);
  const toggle = (i: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  // A finding's link: clear filters hiding the row, open the table if the row is past the
  // collapsed part, then scroll the (virtualised) row into view once it is rendered.
  useEffect(() => {
    if (!focusRow || focusRow.row < 0 || focusRow.row >= rows.length) return;
    const id = String(focusRow.row);
    if (!table.getRowModel().rows.some((r) => r.id === id)) {
      setGlobalFilter('');
      table.resetColumnFilters();
    }
    setPending(id);
    // Only a new request (seq) runs this again: the user may filter once the row has been shown.
  }, [focusRow?.seq]);
  useEffect(() => {
    if (pending === null) return;
    const pos = matching.findIndex((r) => r.id === pending);
    if (pos < 0) return;
    if (collapseAfter !== undefined && pos >= collapseAfter && !showAll) {
      setShowAll(true);
      return;
    }
    setPending(null);
    setFocused(pending);
    virtual.scrollToIndex(pos, { align: 'center' });
    let tries = 0;
    const reveal = () => {
      const el = scroller.current?.querySelector(`[data-row-id="${pending}"]`);
      if (el) el.scrollIntoView({ block: 'center' });
      else if (tries++ < 10) requestAnimationFrame(reveal);
    };
    requestAnimationFrame(reveal);
  }, [pending, matching, collapseAfter, showAll, virtual]);

  return (
    <div>
      <Group justify="space-between" mb={6}>
        <TextInput
          size="xs"
          w={280}
          placeholder="Filter rows…"
          aria-label={`Filter ${label}`}
          value={globalFilter}
          onChange={(e) => setGlobalFilter(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {matching.length === rows.length ? `${rows.length} row${rows.length === 1 ? '' : 's'}` : `${matching.length} of ${rows.length} rows`}
        </Text>
      </Group>
      <div
        ref={scroller}
        className={classes.scroller}
        style={{ maxHeight: collapsed ? undefined : height }}
        role="table"
        aria-label={label}
        aria-rowcount={matching.length + 1}
      >
        <div className={classes.header} style={{ gridTemplateColumns: template, width: totalWidth, minWidth: '100%' }} role="row">
          {hasDetails && <div role="columnheader" aria-label="Details" />}
          {table.getHeaderGroups()[0]!.headers.map((h) => {
            const dir = h.column.getIsSorted();
            return (
              <div key={h.id} role="columnheader" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'} className={classes.th}>
                <UnstyledButton onClick={h.column.getToggleSortingHandler()} className={classes.sort} title="Sort">
                  {flexRender(h.column.columnDef.header, h.getContext())}
                  <span aria-hidden>{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
                </UnstyledButton>
                <input
                  className={classes.colFilter}
                  aria-label={`Filter column ${String(h.column.columnDef.header)}`}
                  placeholder="filter"
                  value={(h.column.getFilterValue() as string | undefined) ?? ''}
                  onChange={(e) => h.column.setFilterValue(e.currentTarget.value || undefined)}
                />
              </div>
            );
          })}
        </div>
        {matching.length === 0 && (
          <Text size="sm" c="dimmed" p="md">
            {rows.length === 0 ? 'No rows.' : 'No row matches the filter.'}
          </Text>
        )}
        <div style={{ height: virtual.getTotalSize(), position: 'relative', width: totalWidth, minWidth: '100%' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = visible[item.index]!;
            const index = Number(row.id);
            const open = expanded.has(index);
            return (
              <div
                key={row.id}
                data-index={item.index}
                data-row-id={row.id}
                data-focused={focused === row.id || undefined}
                ref={virtual.measureElement}
                className={classes.rowWrap}
                style={{ transform: `translateY(${item.start}px)`, width: totalWidth }}
              >
                <div className={classes.row} style={{ gridTemplateColumns: template }} role="row">
                  {hasDetails && (
                    <div role="cell">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-expanded={open}
                        aria-label={open ? 'Hide details' : 'Show details'}
                        onClick={() => toggle(index)}
                      >
                        {open ? '▾' : '▸'}
                      </ActionIcon>
                    </div>
                  )}
                  {row.getVisibleCells().map((cell, ci) => {
                    const value = String(cell.getValue() ?? '');
                    return (
                      <div key={cell.id} role="cell" className={classes.td} title={value}>
                        {renderCell ? renderCell(columns[ci]!, value) : value}
                      </div>
                    );
                  })}
                </div>
                {open && (
                  <div className={classes.detail}>
                    <DetailList
                      entries={[...columns.map((c, ci): [string, string] => [c, row.original.cells[ci] ?? '']), ...Object.entries(row.original.detail ?? {})]}
                    />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {collapseAfter !== undefined && matching.length > collapseAfter && (
        <Button variant="subtle" size="compact-xs" mt={4} onClick={() => setShowAll((v) => !v)} aria-expanded={!collapsed}>
          {collapsed ? `Show all ${matching.length} rows` : `Show the first ${collapseAfter} rows only`}
        </Button>
      )}
    </div>
  );
}

/** Pixel width per column: about 8 px a character of the longer of header and typical cell, within 90..440. */
function columnWidths(columns: string[], rows: GridRow[]): number[] {
  const sample = rows.slice(0, 200);
  return columns.map((name, i) => {
    const lengths = sample.map((r) => (r.cells[i] ?? '').length).sort((a, b) => a - b);
    // The 90th percentile: one huge cell should not make the column huge (it is in the details).
    const typical = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
    return Math.round(Math.min(440, Math.max(90, 8 * Math.max(name.length + 2, typical) + 20)));
  });
}
