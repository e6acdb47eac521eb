'use client';

import { Anchor, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import type { Finding } from '../../lib/findings';
import { RowFocusContext, rowHash } from '../../lib/row-focus';
import { ImportanceBadge } from '../ImportanceBadge';
import { RecordLinks } from '../RecordLinks';
import classes from './JobPage.module.css';

/** Findings shown before "Show all": enough for a first read, not so many that Sigma falls off the screen. */
const FIRST = 20;
/** Record links per finding; the row itself lists the rest. */
const RECORDS = 5;

/** One list of the Critical and High rows of every result type, each linking to its row and records. */
export function FindingsList({ items }: { items: Finding[] }) {
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState('');
  const { request } = useContext(RowFocusContext);
  // The filter reads every cell of the row, not only the key cells shown.
  const texts = useMemo(() => items.map((f) => [f.type.title, ...f.row.cells].join('\n').toLowerCase()), [items]);
  const needle = filter.trim().toLowerCase();
  const matching = needle === '' ? items : items.filter((_f, i) => texts[i]!.includes(needle));
  if (items.length === 0) return <Text c="dimmed">No result type has a Critical or High row.</Text>;
  const shown = all ? matching : matching.slice(0, FIRST);
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <TextInput
          size="xs"
          w={280}
          placeholder="Filter findings…"
          aria-label="Filter findings"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {matching.length === items.length ? `${items.length} findings` : `${matching.length} of ${items.length} findings`}
        </Text>
      </Group>
      <Table layout="fixed" verticalSpacing={4} fz="sm" aria-label="Critical and High findings" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={112}>Importance</Table.Th>
            <Table.Th w="20%">Result type</Table.Th>
            <Table.Th>Row</Table.Th>
            <Table.Th w="24%">Reasons</Table.Th>
            <Table.Th w={120}>Records</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((f) => {
            const where = `row ${f.row.index + 1} of ${f.type.title}`;
            return (
              <Table.Tr key={`${f.type.id}/${f.row.index}`} data-finding={f.importance}>
                <Table.Td>
                  <ImportanceBadge value={f.importance} />
                </Table.Td>
                <Table.Td className={classes.wrap}>
                  <Anchor href={`#${f.type.id}`} size="sm">
                    {f.type.title}
                  </Anchor>
                  <br />
                  <Anchor
                    href={rowHash(f.type.id, f.row.index)}
                    size="xs"
                    aria-label={`Go to ${where}`}
                    onClick={(e) => {
                      e.preventDefault();
                      request(f.type.id, f.row.index);
                    }}
                  >
                    row {f.row.index + 1} →
                  </Anchor>
                </Table.Td>
                <Table.Td className={classes.wrap}>
                  {f.keyCells.map(([column, value]) => (
                    <div key={column}>
                      <Text span size="xs" c="dimmed">
                        {column}:{' '}
                      </Text>
                      {value}
                    </div>
                  ))}
                </Table.Td>
                <Table.Td className={classes.wrap}>{f.row.reasons}</Table.Td>
                <Table.Td className={classes.wrap}>
                  {f.row.recordIds.length > 0 && <RecordLinks value={f.row.recordIds.slice(0, RECORDS).join(', ')} />}
                  {f.row.recordIds.length > RECORDS && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      +{f.row.recordIds.length - RECORDS} more
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {matching.length > FIRST && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setAll((v) => !v)} aria-expanded={all}>
          {all ? `Show the first ${FIRST} findings only` : `Show all ${matching.length} findings`}
        </Button>
      )}
    </div>
  );
}
