'use client';

import { Anchor, Table, Text } from '@mantine/core';
import { useContext } from 'react';
import { RowFocusContext, rowHash } from '../../lib/row-focus';
import type { SigmaLevel } from '../../lib/sigma-levels';
import { ImportanceBadge } from '../ImportanceBadge';
import classes from './JobPage.module.css';

/** Sigma matches by level, most severe first: each rule linking to its row in the Sigma table. */
export function SigmaLevels({ levels }: { levels: SigmaLevel[] }) {
  const { request } = useContext(RowFocusContext);
  if (levels.length === 0) return <Text c="dimmed">No Sigma rule matched.</Text>;
  return (
    <Table layout="fixed" verticalSpacing={4} fz="sm" aria-label="Sigma matches by level">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>Level</Table.Th>
          <Table.Th w={80}>Rules</Table.Th>
          <Table.Th w={90}>Matches</Table.Th>
          <Table.Th>Rules matched</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {levels.map((l) => (
          <Table.Tr key={l.level ?? 'none'} data-sigma-level={l.level ?? 'none'}>
            <Table.Td>{l.level ? <ImportanceBadge value={l.level} /> : <Text size="sm">no level</Text>}</Table.Td>
            <Table.Td>{l.rules.length}</Table.Td>
            <Table.Td>{l.matches}</Table.Td>
            <Table.Td className={classes.wrap}>
              {l.rules.map((r, i) => (
                <span key={`${r.type.id}/${r.row.index}`}>
                  {i > 0 && '; '}
                  <Anchor
                    href={rowHash(r.type.id, r.row.index)}
                    size="sm"
                    onClick={(e) => {
                      e.preventDefault();
                      request(r.type.id, r.row.index);
                    }}
                  >
                    {r.rule}
                  </Anchor>
                  {r.matches !== null && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ×{r.matches}
                    </Text>
                  )}
                </span>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
