'use client';

import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { ARTIFACT_TYPES, evidenceTypes, type EvidenceType } from '@quarry/vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { EChartsType } from '../../lib/echarts';
import { formatTime } from '../../lib/format';
import { FACT_COLUMNS, FACT_REACH, cellTime, fetchFacts, histogram, type Fact, type FactQuery } from '../../lib/host-timeline';
import { errorMessage } from '../../lib/trpc';
import { useECharts } from '../../lib/use-echarts';
import { useSession } from '../../lib/use-session';
import { DataGrid } from '../DataGrid';
import { ImportanceBadge } from '../ImportanceBadge';
import { EvidenceLinks } from '../insights/EvidenceLinks';
import { RecordsRefLink } from './RecordsRefLink';

const BINS = 60;
const GRID = { left: 48, right: 24, top: 8, bottom: 56 };
/** A window as the From/To boxes show it (UTC, to the second). */
const boxText = (ms: number) => formatTime(ms).replace(/\.\d{3} UTC$/, '');
const SOURCE_OPTIONS = [{ value: '', label: 'Every source' }, ...ARTIFACT_TYPES.map((t) => ({ value: t, label: evidenceTypes[t].label }))];

interface TimeWindow {
  from: number;
  to: number;
}

/**
 * The Host Timeline: a collection job's facts (its searchable records, in time order) under a time
 * brush. The source and user filters ask the server again; the brush (or the From/To boxes) narrows
 * the rows in place, and when the server had more facts than one search reaches, fetches the window.
 */
export function HostTimeline({ jobId, category }: { jobId: string; category: EvidenceType }) {
  const session = useSession();
  const [query, setQuery] = useState<FactQuery>({ source: null, user: '' });
  const [user, setUser] = useState('');
  const facts = useQuery({
    queryKey: ['facts', jobId, query, session.token, session.key],
    queryFn: () => fetchFacts(jobId, category, query),
    retry: false,
  });
  const all = facts.data?.facts;
  const bars = useMemo(() => histogram(all ?? [], BINS), [all]);
  // Set by the boxes (drawn into the chart), or by the brush (read from it: redrawing would end the drag).
  const [typed, setTyped] = useState<TimeWindow | null>(null);
  const [brushed, setBrushed] = useState<TimeWindow | null>(null);
  const range = brushed ?? typed;
  const option = useMemo(() => brushOption(bars, all ?? [], typed), [bars, all, typed]);
  const onZoom = (chart: EChartsType) => {
    const zoom = (chart.getOption() as { dataZoom?: { startValue?: number; endValue?: number }[] }).dataZoom?.[0];
    if (zoom?.startValue !== undefined && zoom.endValue !== undefined) setBrushed({ from: zoom.startValue, to: zoom.endValue });
  };
  const ref = useECharts(option, undefined, onZoom);
  const shown = useMemo(() => (all ?? []).filter((f) => !range || (f.time >= range.from && f.time <= range.to)), [all, range]);
  const rows = useMemo(() => shown.map((f: Fact) => ({ cells: FACT_COLUMNS.map((c) => f.cells[c]) })), [shown]);
  const capped = facts.data?.more === true;

  return (
    <Stack gap="sm">
      <Group align="end" gap="sm">
        <Select
          label="Source"
          data={SOURCE_OPTIONS}
          value={query.source ?? ''}
          onChange={(v) => setQuery((q) => ({ ...q, source: ARTIFACT_TYPES.find((t) => t === v) ?? null }))}
          allowDeselect={false}
          w={220}
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setQuery((q) => ({ ...q, user }));
          }}
        >
          <Group align="end" gap={6}>
            <TextInput label="User" placeholder="part of the account name" value={user} onChange={(e) => setUser(e.currentTarget.value)} w={200} />
            <Button type="submit" variant="light">
              Filter
            </Button>
          </Group>
        </form>
        <WindowBoxes
          range={range}
          onChange={(w) => {
            setBrushed(null);
            setTyped(w);
          }}
        />
        {capped && range && (
          <Button variant="light" onClick={() => setQuery((q) => ({ ...q, startTime: Math.floor(range.from), endTime: Math.ceil(range.to) }))}>
            Fetch this window
          </Button>
        )}
      </Group>
      {facts.isPending && (
        <Group>
          <Loader size="xs" />
          <Text size="sm">Reading the timeline…</Text>
        </Group>
      )}
      {facts.isError && (
        <Alert color="red" role="alert" title="Could not read the timeline">
          {errorMessage(facts.error)}
        </Alert>
      )}
      {capped && (
        <Text size="sm" c="dimmed">
          The first {FACT_REACH.toLocaleString('en-US')} facts (of more) are drawn: narrow by source, user or a window, and fetch it.
        </Text>
      )}
      <div ref={ref} style={{ width: '100%', height: 160 }} role="img" aria-label={`Time brush over ${all?.length ?? 0} facts`} data-testid="time-brush" />
      <DataGrid
        label="Host Timeline facts"
        columns={[...FACT_COLUMNS]}
        rows={rows}
        height={420}
        renderCell={(column, value) => {
          if (column === 'Importance') return <ImportanceBadge value={value} />;
          if (column === 'Evidence') return <EvidenceLinks value={value} />;
          if (column === 'Records') return <RecordsRefLink jobId={jobId} value={value} />;
          return value;
        }}
      />
    </Stack>
  );
}

/** From/To (UTC) boxes that follow the brush and move it when a whole time is typed. */
function WindowBoxes({ range, onChange }: { range: TimeWindow | null; onChange(w: TimeWindow): void }) {
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const from = draft?.from ?? (range ? boxText(range.from) : '');
  const to = draft?.to ?? (range ? boxText(range.to) : '');
  const apply = () => {
    if (!draft) return;
    const a = cellTime(`${draft.from}.000 UTC`);
    const b = cellTime(`${draft.to}.999 UTC`);
    if (Number.isFinite(a) && Number.isFinite(b) && a <= b) onChange({ from: a, to: b });
    setDraft(null);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <Group align="end" gap={6}>
        <TextInput label="From (UTC)" placeholder="YYYY-MM-DD HH:MM:SS" value={from} onChange={(e) => setDraft({ from: e.currentTarget.value, to })} w={190} />
        <TextInput label="To (UTC)" placeholder="YYYY-MM-DD HH:MM:SS" value={to} onChange={(e) => setDraft({ from, to: e.currentTarget.value })} w={190} />
        <Button type="submit" variant="light">
          Set window
        </Button>
      </Group>
    </form>
  );
}

/** Facts per slice of time as bars, under a slider that is the brush (its window is kept when the bars are redrawn). */
function brushOption(bars: [number, number][], facts: readonly Fact[], range: TimeWindow | null) {
  // The axis spans the facts themselves, so a brush pulled to both ends keeps every fact.
  const times = facts.map((f) => f.time).filter(Number.isFinite);
  const span = times.length > 0 ? { min: Math.min(...times), max: Math.max(...times) } : {};
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: GRID,
    xAxis: { type: 'time', axisLabel: { hideOverlap: true }, ...span },
    yAxis: { type: 'value', minInterval: 1, splitNumber: 2 },
    dataZoom: [
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        // Under the plot, end to end, so the window lines up with the bars it selects.
        left: GRID.left,
        right: GRID.right,
        height: 22,
        bottom: 8,
        ...(range ? { startValue: range.from, endValue: range.to } : { start: 0, end: 100 }),
      },
    ],
    series: [{ type: 'bar', name: 'Facts', data: bars, barMaxWidth: 12, itemStyle: { color: '#4c6ef5' } }],
  };
}
