import { Code, Table } from '@mantine/core';

/** Full key/value pairs (long command lines and event data wrap instead of being cut). */
export function DetailList({ entries }: { entries: [string, string][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="xs" layout="fixed">
      <Table.Tbody>
        {entries.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={200} style={{ verticalAlign: 'top' }}>
              {k}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{v === '' ? <Code c="dimmed">(empty)</Code> : v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
