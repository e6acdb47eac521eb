'use client';

import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LOOKUP_COLUMNS, SHOW_BOUNDS, isLookupModule, type LookupModule } from '@quarry/vocabulary';
import type { FilterRow } from '../lib/filters';
import { errorMessage, trpc } from '../lib/trpc';
import { DataGrid } from './DataGrid';
import { Pager } from './Pager';
import { FilterRows } from './search/FilterRows';

/** Lookups by file name or event id, with filters and paging (10 pages of up to 100 rows). */
export function LookupPanel() {
  const [module, setModule] = useState<LookupModule>('file_name');
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<FilterRow[]>([]);
  const [page, setPage] = useState(1);
  const show = SHOW_BOUNDS.max;
  const lookup = useMutation({
    mutationFn: (p: number) => trpc.lookup.query({ module, search: text, filter: filters.filter((f) => f.field !== ''), page: p, show }),
  });
  const go = (p: number) => {
    setPage(p);
    lookup.mutate(p);
  };
  // Opened from an insight's link (/lookup?module=event_id&search=4624&provider=…): run that lookup.
  const [fromLink, setFromLink] = useState<{ module: LookupModule; search: string; filters: FilterRow[] } | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const m = q.get('module');
    if (m === null || !isLookupModule(m)) return;
    const provider = q.get('provider');
    const linked: { module: LookupModule; search: string; filters: FilterRow[] } = {
      module: m,
      search: q.get('search') ?? '',
      filters: provider ? [{ field: 'Provider', operator: 'equals' as const, value: provider }] : [],
    };
    setModule(linked.module);
    setText(linked.search);
    setFilters(linked.filters);
    setFromLink(linked);
  }, []);
  const linked = useQuery({
    queryKey: ['lookup-link', fromLink],
    enabled: fromLink !== null,
    queryFn: () => trpc.lookup.query({ module: fromLink!.module, search: fromLink!.search, filter: fromLink!.filters, page: 1, show }),
  });
  // A lookup run from the form replaces the one the link asked for.
  const data = lookup.data ?? (lookup.isIdle ? linked.data : undefined);
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
              <SegmentedControl
                aria-label="Lookup module"
                value={module}
                onChange={(v) => {
                  // Each module has its own columns: filters of the other one would not apply.
                  setModule(v as LookupModule);
                  setFilters([]);
                }}
                data={[
                  { value: 'file_name', label: 'Executables and DLLs' },
                  { value: 'event_id', label: 'Event ids' },
                ]}
              />
              <TextInput
                label="Search"
                placeholder={module === 'file_name' ? 'e.g. lsass.exe' : 'e.g. 4624'}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                w={300}
              />
              <Button type="submit" loading={lookup.isPending}>
                Look up
              </Button>
            </Group>
            <FilterRows rows={filters} fields={LOOKUP_COLUMNS[module]} onChange={setFilters} />
          </Stack>
        </form>
      </Paper>
      {lookup.isError && (
        <Alert color="red" role="alert">
          {errorMessage(lookup.error)}
        </Alert>
      )}
      {data && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{data.total} matches</Text>
            <Pager page={page} total={data.total} show={show} onPage={go} />
          </Group>
          <DataGrid label="Lookup results" columns={data.columns} rows={data.rows.map((cells) => ({ cells }))} height={560} />
        </Paper>
      )}
    </Stack>
  );
}
