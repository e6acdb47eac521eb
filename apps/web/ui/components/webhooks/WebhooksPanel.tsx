'use client';

import { Alert, Button, Checkbox, Code, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@quarry/vocabulary';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';

/** The caller's webhooks: add one (its signing secret is shown this once), see deliveries, delete. */
export function WebhooksPanel() {
  const { token } = useSession();
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['webhooks', token], queryFn: () => trpc.listWebhooks.query(), enabled: !!token });
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });
  const create = useMutation({
    mutationFn: () => trpc.createWebhook.mutate({ url, events }),
    onSuccess: (created) => {
      setSecret(created.secret);
      setUrl('');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: string) => trpc.deleteWebhook.mutate({ id }), onSuccess: () => void refresh() });

  if (!token) return <Text c="dimmed">Sign in to register webhooks.</Text>;
  const hooks = list.data ?? [];
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={600}>Add an endpoint</Text>
          <TextInput label="URL" placeholder="https://example.org/quarry" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <Group>
            {WEBHOOK_EVENTS.map((ev) => (
              <Checkbox
                key={ev}
                label={ev}
                checked={events.includes(ev)}
                onChange={() => setEvents((prev) => (prev.includes(ev) ? prev.filter((e) => e !== ev) : [...prev, ev]))}
              />
            ))}
          </Group>
          <Group>
            <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!url || events.length === 0}>
              Add
            </Button>
          </Group>
          {create.isError && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          {secret && (
            <Alert color="yellow" title="Signing secret: copy it now, it is not shown again" withCloseButton onClose={() => setSecret(null)}>
              <Code block>{secret}</Code>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Endpoints ({hooks.length})</Text>
            {list.isFetching && <Loader size="xs" />}
          </Group>
          {list.isError && (
            <Alert color="red" role="alert">
              {errorMessage(list.error)}
            </Alert>
          )}
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          )}
          {hooks.length === 0 ? (
            <Text c="dimmed" size="sm">
              No webhooks yet.
            </Text>
          ) : (
            <Table striped aria-label="Webhooks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Last delivery</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Last attempt (UTC)</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hooks.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{h.url}</Table.Td>
                    <Table.Td>{h.events.join(', ')}</Table.Td>
                    <Table.Td>
                      {h.lastDelivery
                        ? `${h.lastDelivery.state}${h.lastDelivery.lastStatus === null ? '' : ` (${h.lastDelivery.lastStatus})`}${h.lastDelivery.lastError ? `: ${h.lastDelivery.lastError}` : ''}`
                        : 'none yet'}
                    </Table.Td>
                    <Table.Td>{h.lastDelivery?.attempts ?? 0}</Table.Td>
                    <Table.Td>{h.lastDelivery?.lastAttemptAt ? String(h.lastDelivery.lastAttemptAt).replace('T', ' ').slice(0, 19) : ''}</Table.Td>
                    <Table.Td>
                      <Button size="xs" color="red" variant="light" onClick={() => remove.mutate(h.id)} loading={remove.isPending && remove.variables === h.id}>
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
