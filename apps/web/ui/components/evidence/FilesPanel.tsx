'use client';

import { Alert, Badge, Checkbox, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { KIND_LABEL, kindFromName, type EvidenceKind } from '../../lib/evidence-kind';
import { knownKind } from '../../lib/kinds-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { getServerUploaded, getUploaded, subscribeUploaded } from '../../lib/uploaded-store';
import { useSession } from '../../lib/use-session';
import { FileActions } from './FileActions';

export interface EvidenceFile {
  id: string;
  name: string;
  createdAt: string;
  visibility: string;
  encrypted: boolean;
  kind: EvidenceKind | null;
}

/** The caller's files (and this tab's public uploads), selectable for parse and scan jobs. */
export function FilesPanel() {
  const { token } = useSession();
  const uploaded = useSyncExternalStore(subscribeUploaded, getUploaded, getServerUploaded);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useQuery({ queryKey: ['files', token], queryFn: () => trpc.listFiles.query(), enabled: !!token });

  const files = useMemo<EvidenceFile[]>(() => {
    const own = (list.data ?? []).map((f) => ({ ...f, kind: knownKind(f.id) ?? kindFromName(f.name) }));
    const seen = new Set(own.map((f) => f.id));
    const local = uploaded.filter((u) => !seen.has(u.id)).map((u) => ({ ...u, encrypted: u.visibility === 'private' }));
    return [...own, ...local];
  }, [list.data, uploaded]);

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = files.filter((f) => selected.has(f.id));

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Files ({files.length})</Text>
          {list.isFetching && <Loader size="xs" />}
        </Group>
        {list.isError && (
          <Alert color="red" role="alert">
            {errorMessage(list.error)}
          </Alert>
        )}
        {files.length === 0 ? (
          <Text c="dimmed" size="sm">
            {token ? 'No files yet: drop some above.' : 'Public uploads made in this tab appear here.'}
          </Text>
        ) : (
          <Table striped highlightOnHover aria-label="Files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all files"
                    checked={chosen.length === files.length}
                    indeterminate={chosen.length > 0 && chosen.length < files.length}
                    onChange={() => setSelected(chosen.length === files.length ? new Set() : new Set(files.map((f) => f.id)))}
                  />
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Created (UTC)</Table.Th>
                <Table.Th>Visibility</Table.Th>
                <Table.Th>Id</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Select ${f.name}`} checked={selected.has(f.id)} onChange={() => toggle(f.id)} />
                  </Table.Td>
                  <Table.Td>{f.name}</Table.Td>
                  <Table.Td>
                    {f.kind ? (
                      <Badge variant="light">{KIND_LABEL[f.kind]}</Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        unknown
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{f.createdAt.replace('T', ' ').slice(0, 19)}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={f.visibility === 'private' ? 'indigo' : 'gray'}>
                      {f.visibility}
                      {f.encrypted ? ' · encrypted' : ''}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {f.id}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <FileActions files={chosen} onDone={() => setSelected(new Set())} />
      </Stack>
    </Paper>
  );
}
