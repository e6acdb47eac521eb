'use client';

import { ActionIcon, Autocomplete, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { FILTER_OPERATORS, type FilterOperator } from '@quarry/vocabulary';
import type { FilterRow } from '../../lib/filters';

/** Filter criteria (field, operator, value), as many as needed; fields are suggested, not forced. */
export function FilterRows({ rows, fields, onChange }: { rows: FilterRow[]; fields: readonly string[]; onChange(rows: FilterRow[]): void }) {
  const set = (i: number, patch: Partial<FilterRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={6}>
      {rows.map((r, i) => (
        <Group key={i} gap="xs" align="end">
          <Autocomplete
            label={i === 0 ? 'Field' : undefined}
            aria-label={`Filter ${i + 1} field`}
            data={[...fields]}
            value={r.field}
            onChange={(v) => set(i, { field: v })}
            w={200}
          />
          <Select
            label={i === 0 ? 'Operator' : undefined}
            aria-label={`Filter ${i + 1} operator`}
            data={[...FILTER_OPERATORS]}
            value={r.operator}
            onChange={(v) => v && set(i, { operator: v as FilterOperator })}
            allowDeselect={false}
            w={170}
          />
          <TextInput
            label={i === 0 ? 'Value' : undefined}
            aria-label={`Filter ${i + 1} value`}
            value={r.value}
            onChange={(e) => set(i, { value: e.currentTarget.value })}
            w={220}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove filter ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} mb={4}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => onChange([...rows, { field: fields[0] ?? '', operator: 'equals', value: '' }])}>
          Add filter
        </Button>
      </Group>
    </Stack>
  );
}
