'use client';

import { ActionIcon, Alert, Anchor, Badge, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { isFinished } from '@quarry/vocabulary';
import { errorMessage, trpc } from '../lib/trpc';
import { useJobWatch } from '../lib/use-job-watch';
import { useSession } from '../lib/use-session';
import { StatusBadge } from './StatusBadge';

/**
 * Running jobs watched live at once, newest first. Each is one event stream, and a browser holds
 * at most six connections to a server over HTTP/1.1: the rest of the page keeps two. The others
 * become live as these finish (the list is fetched again then).
 */
const LIVE_ROWS = 4;

/**
 * The caller's jobs, newest first. Running jobs show their status and progress live (the
 * watchJob subscription); when one finishes, the list is fetched again.
 */
export function JobsTable() {
  const session = useSession();
  const { token } = session;
  const queries = useQueryClient();
  const jobs = useQuery({
    queryKey: ['jobs', token],
    queryFn: () => trpc.listJobs.query(),
    enabled: !!token,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['jobs'] });
  const remove = useMutation({
    mutationFn: (id: string) => trpc.deleteJobs.mutate({ ids: [id] }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['jobs'] }),
    onError: (err) => notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(err) }),
  });

  if (!token) return <Alert color="gray">Sign in to see your jobs. A public job opens from its link (/jobs/&lt;id&gt;) without signing in.</Alert>;
  if (jobs.isPending) return <Loader size="sm" aria-label="Loading jobs" />;
  if (jobs.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(jobs.error)}
      </Alert>
    );
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
        {jobs.data.map((j, i, all) => (
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
              {!isFinished(j.status) && all.slice(0, i).filter((o) => !isFinished(o.status)).length < LIVE_ROWS ? (
                <LiveStatus id={j.id} status={j.status} session={session} onFinished={refresh} />
              ) : (
                <StatusBadge status={j.status} />
              )}
            </Table.Td>
            <Table.Td>{j.visibility}</Table.Td>
            <Table.Td>{j.createdAt.replace('T', ' ').slice(0, 19)}</Table.Td>
            <Table.Td>
              <Group justify="end">
                <Tooltip label={!isFinished(j.status) ? 'Cancel and delete' : 'Delete'}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete job ${j.jobName}`}
                    loading={remove.isPending && remove.variables === j.id}
                    onClick={() => {
                      if (window.confirm(`Delete job ${j.jobName}${!isFinished(j.status) ? ' (it is running: it will be cancelled)' : ''}?`))
                        remove.mutate(j.id);
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

/** A running job's status and share of input read, as they change. */
function LiveStatus({ id, status, session, onFinished }: { id: string; status: string; session: unknown; onFinished: () => void }) {
  const live = useJobWatch(id, true, session, onFinished);
  const progress = live?.status === 'Processing' ? live.progress : null;
  return (
    <Group gap="xs" wrap="nowrap">
      <StatusBadge status={live?.status ?? status} />
      {progress && progress.total > 0 && (
        <Text size="xs" c="dimmed" aria-label={`Input read: ${Math.floor((progress.done / progress.total) * 100)}%`}>
          {Math.floor((progress.done / progress.total) * 100)}%
        </Text>
      )}
    </Group>
  );
}
