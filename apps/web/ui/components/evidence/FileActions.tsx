'use client';

import { Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SCAN_ENGINE_LABELS, type ScanEngine } from '@quarry/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toBase64 } from '../../lib/base64';
import { COLLECTION_KINDS, KIND_LABEL, type EvidenceKind } from '../../lib/evidence-kind';
import { SCAN_ENGINE_OPTIONS } from '../../lib/scan-engines';
import { errorMessage, evidenceProcedures, trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import type { EvidenceFile } from './FilesPanel';

/**
 * What can be done with the selected files: parse (one job per kind, the kind read from the
 * files' contents), parse together as one collection (a host's triage zips and loose artifacts),
 * scan with Sigma or YARA (community rules or a pasted rule), delete.
 */
export function FileActions({ files, onDone }: { files: EvidenceFile[]; onDone(): void }) {
  const { token } = useSession();
  const router = useRouter();
  const queries = useQueryClient();
  const [sigma, setSigma] = useState(true);
  const [engine, setEngine] = useState<ScanEngine>('yara');
  const [operation, setOperation] = useState<'run_community_rules' | 'run_rule'>('run_community_rules');
  const [rule, setRule] = useState('');
  const [busy, setBusy] = useState(false);
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Select files to parse, scan or delete them.
      </Text>
    );

  const byKind = new Map<EvidenceKind, string[]>();
  for (const f of files) if (f.kind) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f.id]);
  const ids = files.map((f) => f.id);

  async function run(action: () => Promise<{ id: string; jobName: string }[]>) {
    setBusy(true);
    try {
      const created = await action();
      for (const job of created) notifications.show({ color: 'teal', title: 'Job queued', message: job.jobName });
      void queries.invalidateQueries({ queryKey: ['jobs'] });
      onDone();
      // One job: open it; several: the list shows them all.
      router.push(created.length === 1 ? `/jobs/${created[0]!.id}` : '/jobs');
    } catch (err) {
      notifications.show({ color: 'red', title: 'Could not start the job', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const parse = () =>
    run(() =>
      Promise.all(
        // Each type's own input: EVTX takes runSigmaRules, the others ignore it.
        [...byKind].map(([kind, fileIds]) => evidenceProcedures(kind).parse.mutate({ fileIds, runSigmaRules: sigma })),
      ),
    );
  // One job over every selected file (zips and loose artifacts), whatever their kinds.
  const collect = (kind: EvidenceKind) => run(async () => [await evidenceProcedures(kind).parse.mutate({ fileIds: ids, runSigmaRules: sigma })]);
  const scan = () =>
    run(async () => [await trpc.scanFiles.mutate({ engine, fileIds: ids, operation, ...(operation === 'run_rule' ? { rule: toBase64(rule) } : {}) })]);
  const remove = async () => {
    if (!window.confirm(`Delete ${files.length} file(s) for good?`)) return;
    setBusy(true);
    try {
      await trpc.deleteFiles.mutate({ ids });
      void queries.invalidateQueries({ queryKey: ['files'] });
      onDone();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button onClick={() => void parse()} loading={busy} disabled={byKind.size === 0}>
          Parse {[...byKind.keys()].map((k) => KIND_LABEL[k]).join(' + ') || '(unknown kind)'}
        </Button>
        {COLLECTION_KINDS.map((kind) => (
          <Button key={kind} variant="light" onClick={() => void collect(kind)} loading={busy}>
            {KIND_LABEL[kind]} of the selection
          </Button>
        ))}
        {/* A collection may hold event logs whatever the selected files look like. */}
        {(byKind.has('winevtx') || COLLECTION_KINDS.length > 0) && (
          <Checkbox label="Run Sigma rules on EVTX" checked={sigma} onChange={(e) => setSigma(e.currentTarget.checked)} />
        )}
        {token && (
          <Button color="red" variant="light" onClick={() => void remove()} loading={busy}>
            Delete {files.length}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="end">
        <Select label="Scan engine" data={SCAN_ENGINE_OPTIONS} value={engine} onChange={(v) => v && setEngine(v as ScanEngine)} w={120} allowDeselect={false} />
        <SegmentedControl
          value={operation}
          onChange={(v) => setOperation(v as typeof operation)}
          data={[
            { value: 'run_community_rules', label: 'Community rules' },
            { value: 'run_rule', label: 'My rule' },
          ]}
        />
        <Button variant="light" onClick={() => void scan()} loading={busy} disabled={operation === 'run_rule' && rule.trim() === ''}>
          Scan {files.length} file(s)
        </Button>
      </Group>
      {operation === 'run_rule' && (
        <Textarea
          label={`${SCAN_ENGINE_LABELS[engine]} rule`}
          autosize
          minRows={4}
          maxRows={16}
          value={rule}
          onChange={(e) => setRule(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
    </Stack>
  );
}
