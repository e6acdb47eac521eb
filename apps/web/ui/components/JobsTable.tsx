'use client';

import { ActionIcon, Alert, Anchor, Badge, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { isRunning, pollInterval } from '../lib/polling';
import { errorMessage, trpc } from '../lib/trpc';
import { useSession } from '../lib/use-session';
import { StatusBadge } from './StatusBadge';

/**
 * The caller's jobs, newest first, with live status: while any job runs the list is asked for
 * again on the spec's schedule, timed from the youngest running job's creation.
 */
export function JobsTable() {
  const { token } = useSession();
  const queries = useQueryClient();
  const jobs = useQuery({
    queryKey: ['jobs', token],
    queryFn: () => trpc.listJobs.query(),
    enabled: !!token,
    refetchInterval: (q) => {
      const running = (q.state.data ?? []).filter((j) => isRunning(j.status));
      if (running.length === 0) return false;
      const youngest = Math.max(...running.map((j) => Date.parse(j.createdAt)));
      return pollInterval(Date.now() - youngest);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => trpc.deleteJobs.mutate({ ids: [id] }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['jobs'] }),
    onError: (err) => notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(err) }),
  });

  if (!token) return <Alert color="gray">Sign in to see your jobs. A public job opens from its link (/jobs/&lt;id&gt;) without signing in.</Alert>;
  if (jobs.isPending) return <Loader size="sm" aria-label="Loading jobs" />;
  if (jobs.isError) return <Alert color="red" role="alert">{errorMessage(jobs.error)}</Alert>;
  if (jobs.data.length === 0) return <Text c="dimmed">No jobs yet: start one from the Evidence page.</Text>;
  return (
    <Table striped highlightOnHover aria-label="Jobs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Visibility</Table.Th>
          <Table.Th>Created (UTC)</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.data.map((j) => (
          <Table.Tr key={j.id}>
            <Table.Td>
              <Anchor component={Link} href={`/jobs/${j.id}`}>
                {j.jobName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="outline">{j.category}</Badge>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={j.status} />
            </Table.Td>
            <Table.Td>{j.visibility}</Table.Td>
            <Table.Td>{j.createdAt.replace('T', ' ').slice(0, 19)}</Table.Td>
            <Table.Td>
              <Group justify="end">
                <Tooltip label={isRunning(j.status) ? 'Cancel and delete' : 'Delete'}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete job ${j.jobName}`}
                    loading={remove.isPending && remove.variables === j.id}
                    onClick={() => {
                      if (window.confirm(`Delete job ${j.jobName}${isRunning(j.status) ? ' (it is running: it will be cancelled)' : ''}?`)) remove.mutate(j.id);
                    }}
                  >
                    ✕
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
