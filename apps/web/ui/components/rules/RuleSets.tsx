'use client';

import { Alert, Badge, Code, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import type { LoadedRuleSet, RuleSetsStatus } from '@quarry/hunting';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../lib/format';
import { errorMessage, trpc } from '../../lib/trpc';

const STATE_COLOR: Record<RuleSetsStatus['state'], string> = { fetching: 'blue', importing: 'blue', installed: 'green', partial: 'orange', failed: 'red' };
const busy = (s: RuleSetsStatus | null | undefined): boolean => s?.state === 'fetching' || s?.state === 'importing';

/**
 * The rule sets this server runs (per engine and set: version, rules loaded, refused) and the last
 * fetch or import, polled while one runs, so a first start's background fetch can be followed.
 */
export function RuleSets() {
  const sets = useQuery({
    queryKey: ['ruleSets'],
    queryFn: () => trpc.ruleSets.query(),
    refetchInterval: (q) => (busy(q.state.data?.status) ? 5_000 : false),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>Rule sets</Text>
        {sets.isPending && (
          <Group>
            <Loader size="sm" />
            <Text size="sm">Loading the rule sets (the first load compiles them)…</Text>
          </Group>
        )}
        {sets.isError && (
          <Alert color="red" role="alert">
            {errorMessage(sets.error)}
          </Alert>
        )}
        {sets.data && (
          <>
            <LastRun status={sets.data.status} />
            <SetTable engine="Sigma" sets={sets.data.sigma.sets} refusedWhat="rules" />
            <SetTable engine="YARA" sets={sets.data.yara.sets} refusedWhat="rule files" />
            <Text size="xs" c="dimmed">
              Add or refresh sets with <Code>npm run -s rules -- update</Code> (SigmaHQ and the public YARA packs, with git) or{' '}
              <Code>npm run -s rules -- import DIR|ZIP</Code> (a copy, for machines without internet). Running servers and workers pick them up within seconds.
              Rules a job could not apply (their log source is absent from the evidence) are counted in the job&apos;s Overview.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function LastRun({ status }: { status: RuleSetsStatus | null }) {
  if (status === null) return <Text size="sm">No rule set was fetched or imported yet: jobs run the built-in packs.</Text>;
  const what = status.trigger === 'import' ? 'Import' : status.trigger === 'first-run' ? 'First-start fetch' : 'Update';
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm">
          {what} started {formatTime(Date.parse(status.started_at))}
          {status.finished_at ? `, ended ${formatTime(Date.parse(status.finished_at))}` : ''}
        </Text>
        <Badge color={STATE_COLOR[status.state]} variant="light">
          {status.state}
        </Badge>
        {busy(status) && <Loader size="xs" />}
      </Group>
      {busy(status) && <Text size="xs">{status.step}</Text>}
      {status.reason && (
        <Alert color={status.state === 'failed' ? 'red' : 'orange'} role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {status.reason}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

function SetTable({ engine, sets, refusedWhat }: { engine: string; sets: LoadedRuleSet[]; refusedWhat: string }) {
  return (
    <Table withTableBorder fz="sm" aria-label={`${engine} rule sets`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{engine} set</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Rules loaded</Table.Th>
          <Table.Th>Refused ({refusedWhat})</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sets.map((s) => (
          <Table.Tr key={s.directory}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td>{s.version || '—'}</Table.Td>
            <Table.Td>{s.loaded}</Table.Td>
            <Table.Td>{s.refused}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
