'use client';

import { Stack, Text } from '@mantine/core';
import type { Insight, TimelineEntry } from '@quarry/insights';
import { useMemo, useState } from 'react';
import { IMPORTANCE_COLOR, IMPORTANCE_ORDER } from '../../lib/importance';
import { formatTime } from '../../lib/format';
import { useRowFocus } from '../../lib/row-focus';
import { useECharts } from '../../lib/use-echarts';
import { DataGrid, type GridRow } from '../DataGrid';
import { DetailList } from '../DetailList';
import { RecordLinks } from '../RecordLinks';
import { ImportanceBadge } from '../ImportanceBadge';
import { COLLAPSE_AFTER } from './cells';

type TimelinePayload = Extract<Insight, { Timeline: unknown }>['Timeline'];

const LANES = [...IMPORTANCE_ORDER].reverse(); // Critical on top
const COLUMNS = ['First seen', 'Last seen', 'Importance', 'Event', 'Description', 'Category', 'Record ID'];

/**
 * A Timeline: one lane per importance level, each entry a bar from first to last occurrence (a dot
 * when seen once). Wheel or pinch zooms, dragging pans, the slider below picks a window; clicking
 * an entry shows it in full. The same entries are listed in a sortable table below.
 */
export function TimelineInsight({ insight, section }: { insight: TimelinePayload; section?: string }) {
  const focus = useRowFocus(section);
  const [selected, setSelected] = useState<TimelineEntry | null>(null);
  const option = useMemo(() => timelineOption(insight.data), [insight.data]);
  const ref = useECharts(option, (p) => setSelected(insight.data[p.dataIndex] ?? null));
  const rows = useMemo<GridRow[]>(
    () =>
      insight.data.map((e) => ({
        cells: [
          formatTime(e.timestamp_start),
          e.timestamp_end === null ? '' : formatTime(e.timestamp_end),
          e.importance,
          e.short_name,
          e.description,
          e.category,
          String(e.record_id),
        ],
      })),
    [insight.data],
  );
  if (insight.data.length === 0) return <Text c="dimmed">No key events.</Text>;
  return (
    <Stack gap="sm">
      <div ref={ref} style={{ width: '100%', height: 300 }} role="img" aria-label={`Timeline: ${insight.title}, ${insight.data.length} entries`} />
      {selected && (
        <div aria-live="polite">
          <DetailList
            entries={[
              ['Event', selected.short_name],
              ['Description', selected.description],
              ['First seen', formatTime(selected.timestamp_start)],
              ['Last seen', selected.timestamp_end === null ? '(once)' : formatTime(selected.timestamp_end)],
              ['Importance', selected.importance],
              ['Category', selected.category],
            ]}
          />
          <Text size="sm">
            Record <RecordLinks value={String(selected.record_id)} />
          </Text>
        </div>
      )}
      <DataGrid
        label={`${insight.title} entries`}
        columns={COLUMNS}
        rows={rows}
        height={320}
        collapseAfter={COLLAPSE_AFTER}
        focusRow={focus}
        renderCell={(c, v) => (c === 'Importance' ? <ImportanceBadge value={v} /> : c === 'Record ID' ? <RecordLinks value={v} /> : v)}
      />
    </Stack>
  );
}

function timelineOption(entries: TimelineEntry[]) {
  const data = entries.map((e) => ({
    value: [Math.max(0, LANES.indexOf(e.importance)), e.timestamp_start, e.timestamp_end ?? e.timestamp_start],
    itemStyle: { color: IMPORTANCE_COLOR[e.importance] ?? '#868e96' },
    name: e.short_name,
    entry: e,
  }));
  return {
    animation: false,
    tooltip: {
      formatter: (p: { data: { entry: TimelineEntry } }) => {
        const e = p.data.entry;
        const when = e.timestamp_end === null ? formatTime(e.timestamp_start) : `${formatTime(e.timestamp_start)} → ${formatTime(e.timestamp_end)}`;
        return `<b>${escapeHtml(e.short_name)}</b> (${e.importance})<br/>${escapeHtml(e.description).slice(0, 300)}<br/>${when}<br/>record ${e.record_id}`;
      },
    },
    grid: { left: 100, right: 24, top: 8, bottom: 64 },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
    yAxis: { type: 'category', data: LANES, axisTick: { show: false } },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 22, bottom: 8 },
    ],
    series: [
      {
        type: 'custom',
        encode: { x: [1, 2], y: 0 },
        data,
        renderItem: (
          _params: unknown,
          api: { value(i: number): number; coord(v: [number, number]): [number, number]; size(v: [number, number]): [number, number]; style(): object },
        ) => {
          const lane = api.value(0);
          const start = api.coord([api.value(1), lane]);
          const end = api.coord([api.value(2), lane]);
          const h = api.size([0, 1])[1] * 0.5;
          // At least 6 px wide, so single occurrences stay visible and clickable.
          const width = Math.max(6, end[0] - start[0]);
          return { type: 'rect', shape: { x: start[0] - (width === 6 ? 3 : 0), y: start[1] - h / 2, width, height: h, r: 2 }, style: api.style() };
        },
      },
    ],
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
