'use client';

import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { LARGEST_JOB_BYTES } from '@quarry/vocabulary';
import { useRef, useState } from 'react';
import { KIND_HEAD_BYTES, KIND_LABEL, kindFromBytes, type EvidenceKind } from '../../lib/evidence-kind';
import { formatBytes } from '../../lib/format';
import { rememberKind } from '../../lib/kinds-store';
import { tusUpload, type TusHandle } from '../../lib/tus-upload';
import { addUploaded } from '../../lib/uploaded-store';
import { useSession } from '../../lib/use-session';

interface Entry {
  key: number;
  name: string;
  size: number;
  kind: EvidenceKind | null;
  sent: number;
  state: 'uploading' | 'paused' | 'done' | 'failed';
  message?: string;
}

/** The largest job's total (a triage collection's), the largest a resumable upload may be. */
const MAX_BYTES = LARGEST_JOB_BYTES;

/**
 * Drag-and-drop evidence, each file uploaded resumably (tus) with its own progress, pause and
 * resume. The kind (EVTX, registry, prefetch) is read from the file's first bytes.
 */
export function UploadPanel() {
  const { token, key } = useSession();
  const queries = useQueryClient();
  const [entries, setEntries] = useState<Entry[]>([]);
  const handles = useRef(new Map<number, TusHandle>());
  const next = useRef(0);
  const update = (k: number, patch: Partial<Entry>) => setEntries((all) => all.map((e) => (e.key === k ? { ...e, ...patch } : e)));
  const blocked = !!token && !key;

  async function add(files: File[]) {
    for (const file of files) {
      const k = next.current++;
      const kind = kindFromBytes(new Uint8Array(await file.slice(0, KIND_HEAD_BYTES).arrayBuffer()), file.name);
      setEntries((all) => [...all, { key: k, name: file.name, size: file.size, kind, sent: 0, state: 'uploading' }]);
      const handle = tusUpload(file, {
        progress: (sent) => update(k, { sent }),
        failed: (message) => update(k, { state: 'failed', message }),
        done: (fileId) => {
          update(k, { state: 'done', sent: file.size });
          if (fileId) {
            if (kind) rememberKind(fileId, kind);
            addUploaded({ id: fileId, name: file.name, kind, createdAt: new Date().toISOString(), visibility: token ? 'private' : 'public' });
          }
          void queries.invalidateQueries({ queryKey: ['files'] });
        },
      });
      handles.current.set(k, handle);
      handle.start();
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>Upload</Text>
        <Text size="sm" c="dimmed">
          {token ? 'Signed in: uploads are private and encrypted as they arrive.' : 'Not signed in: uploads are public and unencrypted.'}
        </Text>
        {blocked ? (
          <Alert color="orange">Signed-in uploads are encrypted: sign in again with your encryption key to upload.</Alert>
        ) : (
          <Dropzone onDrop={(f) => void add(f)} maxSize={MAX_BYTES} multiple aria-label="Drop evidence files here or choose them">
            <Group justify="center" mih={90}>
              <div>
                <Text ta="center">Drop EVTX logs, registry hives (or a zip of them) and prefetch files here</Text>
                <Text ta="center" size="sm" c="dimmed">
                  or click to choose · up to {formatBytes(MAX_BYTES)} each · uploads resume after a broken connection
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {entries.map((e) => (
          <div key={e.key} data-testid="upload-entry">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {e.name}{' '}
                <Text span c="dimmed">
                  ({formatBytes(e.size)}
                  {e.kind ? `, ${KIND_LABEL[e.kind]}` : ''})
                </Text>
              </Text>
              <Group gap="xs">
                <Text size="xs" aria-live="polite">
                  {e.state === 'done'
                    ? 'Uploaded'
                    : e.state === 'failed'
                      ? `Failed: ${e.message ?? ''}`
                      : e.state === 'paused'
                        ? 'Paused'
                        : `${Math.floor((100 * e.sent) / Math.max(1, e.size))}%`}
                </Text>
                {e.state === 'uploading' && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() =>
                      void handles.current
                        .get(e.key)
                        ?.pause()
                        .then(() => update(e.key, { state: 'paused' }))
                    }
                  >
                    Pause
                  </Button>
                )}
                {(e.state === 'paused' || e.state === 'failed') && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => (update(e.key, { state: 'uploading', message: undefined }), handles.current.get(e.key)?.start())}
                  >
                    Resume
                  </Button>
                )}
              </Group>
            </Group>
            <Progress
              value={(100 * e.sent) / Math.max(1, e.size)}
              color={e.state === 'failed' ? 'red' : e.state === 'done' ? 'teal' : 'indigo'}
              size="sm"
              aria-label={`Upload progress of ${e.name}`}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
