'use client';

import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Insight } from '@quarry/insights';
import { SHOW_BOUNDS } from '@quarry/vocabulary';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { KIND_OPTIONS, SEARCH_FIELDS, type EvidenceKind } from '../../lib/evidence-kind';
import type { FilterRow } from '../../lib/filters';
import { SearchLinkContext, parseFilterParam } from '../../lib/search-link';
import { errorMessage, evidenceProcedures } from '../../lib/trpc';
import { DataGrid } from '../DataGrid';
import { ExportMenu, type ExportQuery } from '../ExportMenu';
import { InsightView } from '../insights/InsightView';
import { Pager } from '../Pager';
import { FilterRows } from './FilterRows';

/** `YYYY-MM-DDTHH:MM` (UTC) from a datetime input as Unix ms, or undefined when empty. */
const utcMs = (v: string) => (v ? Date.parse(`${v}:00Z`) : undefined);

/** The address's filters: a record id (`record`), and `filter=<field>=<value>` equalities. */
function initialFilters(record: string | null, params: string[]): FilterRow[] {
  const out: FilterRow[] = record ? [{ field: 'record_id', operator: 'equals', value: record }] : [];
  for (const p of params) {
    const f = parseFilterParam(p);
    if (f) out.push({ ...f, operator: 'equals' });
  }
  return out;
}

/**
 * The three search types over a completed parse job: text, filters with every operator, a UTC
 * time window, paging, and browse mode (raw records, rows open to their details) or summary mode
 * (the job's insights rebuilt over the matching records).
 */
export function SearchPanel() {
  const params = useSearchParams();
  const record = params.get('record');
  const [category, setCategory] = useState<EvidenceKind>((params.get('category') as EvidenceKind | null) ?? 'winevtx');
  const [jobId, setJobId] = useState(params.get('job') ?? '');
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<FilterRow[]>(() => initialFilters(record, params.getAll('filter')));
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [browse, setBrowse] = useState(true);
  const [page, setPage] = useState(1);
  const [show, setShow] = useState(25);

  // What the shown results matched, for their export (the form may have changed since).
  const [searched, setSearched] = useState<{ jobId: string; query: ExportQuery } | null>(null);
  const search = useMutation({
    mutationFn: (p: number) => {
      const query = { search: text, filter: filters.filter((f) => f.field !== ''), startTime: utcMs(start), endTime: utcMs(end) };
      setSearched({ jobId: jobId.trim(), query });
      return evidenceProcedures(category).search.query({ jobId: jobId.trim(), browseEvents: browse, page: p, show, ...query });
    },
  });
  const go = (p: number) => {
    setPage(p);
    search.mutate(p);
  };
  // Opened from a record link (or a host fact's records): search at once.
  useEffect(() => {
    if (jobId && filters.length > 0) go(1);
  }, []);
  const result = search.data;

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go(1);
          }}
        >
          <Stack gap="sm">
            <Group align="end">
              <SegmentedControl data={KIND_OPTIONS} value={category} onChange={(v) => setCategory(v as EvidenceKind)} aria-label="Search type" />
              <TextInput label="Job id" value={jobId} onChange={(e) => setJobId(e.currentTarget.value)} w={340} required spellCheck={false} />
              <TextInput
                label="Text"
                placeholder="partial, case-insensitive; empty to browse"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                w={300}
              />
            </Group>
            <FilterRows rows={filters} fields={SEARCH_FIELDS[category]} onChange={setFilters} />
            <Group align="end">
              <TextInput type="datetime-local" label="From (UTC)" value={start} onChange={(e) => setStart(e.currentTarget.value)} />
              <TextInput type="datetime-local" label="To (UTC)" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
              <NumberInput
                label="Rows per page"
                min={SHOW_BOUNDS.min}
                max={SHOW_BOUNDS.max}
                value={show}
                onChange={(v) => setShow(Number(v) || SHOW_BOUNDS.default)}
                w={130}
              />
              <Switch label="Browse raw records" checked={browse} onChange={(e) => setBrowse(e.currentTarget.checked)} mb={8} />
              <Button type="submit" loading={search.isPending}>
                Search
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {search.isError && (
        <Alert color="red" role="alert" title="Search failed">
          {errorMessage(search.error)}
        </Alert>
      )}
      {result?.kind === 'records' && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              {result.title}: {result.total} matching record{result.total === 1 ? '' : 's'}
            </Text>
            <Group gap="xs">
              {searched && <ExportMenu jobId={searched.jobId} query={searched.query} label="Export all matches" />}
              <Pager page={page} total={result.total} show={show} onPage={go} />
            </Group>
          </Group>
          <DataGrid
            label={result.title}
            columns={result.columns.slice(0, -1)}
            rows={result.entries.map(([cells, detail]) => ({ cells, detail }))}
            height={520}
          />
        </Paper>
      )}
      {result?.kind === 'summary' && (
        <SearchLinkContext.Provider value={{ jobId: result.job.id, category }}>
          <Stack>
            {((result.job.insights ?? []) as Insight[]).map((ins, i) => (
              <InsightView key={i} insight={ins} />
            ))}
          </Stack>
        </SearchLinkContext.Provider>
      )}
    </Stack>
  );
}
