'use client';

import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SCAN_ENGINE_LABELS, type ScanEngine } from '@quarry/vocabulary';
import { useState } from 'react';
import { toBase64 } from '../../lib/base64';
import { SCAN_ENGINE_OPTIONS } from '../../lib/scan-engines';
import { errorMessage, trpc } from '../../lib/trpc';
import { DataGrid } from '../DataGrid';
import { ImportanceBadge } from '../ImportanceBadge';

const SAMPLE_SIGMA_DATA = '{"EventID": 4688, "NewProcessName": "C:\\\\Windows\\\\System32\\\\whoami.exe", "CommandLine": "whoami /all"}';

/** Inline scans: paste test data (JSON/XML events for Sigma, any text for YARA) and a rule, see matches at once. */
export function ScanPlayground() {
  const [engine, setEngine] = useState<ScanEngine>('yara');
  const [operation, setOperation] = useState<'run_rule' | 'run_community_rules'>('run_rule');
  const [data, setData] = useState('');
  const [rule, setRule] = useState('');
  const scan = useMutation({
    mutationFn: () => trpc.scanData.mutate({ engine, testData: toBase64(data), operation, ...(operation === 'run_rule' ? { rule: toBase64(rule) } : {}) }),
  });
  const r = scan.data;
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          scan.mutate();
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>Scan playground</Text>
          <Group align="end">
            <Select label="Engine" data={SCAN_ENGINE_OPTIONS} value={engine} onChange={(v) => v && setEngine(v as ScanEngine)} w={120} allowDeselect={false} />
            <SegmentedControl
              value={operation}
              onChange={(v) => setOperation(v as typeof operation)}
              data={[
                { value: 'run_rule', label: 'My rule' },
                { value: 'run_community_rules', label: 'Community rules' },
              ]}
            />
          </Group>
          <Textarea
            label="Test data"
            description={engine === 'sigma' ? 'JSON (flat event-log fields or nested) or event XML' : 'any text'}
            placeholder={engine === 'sigma' ? SAMPLE_SIGMA_DATA : 'bytes to scan'}
            autosize
            minRows={3}
            maxRows={12}
            value={data}
            onChange={(e) => setData(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          {operation === 'run_rule' && (
            <Textarea
              label={`${SCAN_ENGINE_LABELS[engine]} rule`}
              autosize
              minRows={5}
              maxRows={20}
              value={rule}
              onChange={(e) => setRule(e.currentTarget.value)}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          )}
          <Group>
            <Button type="submit" loading={scan.isPending} disabled={data === '' || (operation === 'run_rule' && rule.trim() === '')}>
              Scan
            </Button>
          </Group>
          {scan.isError && (
            <Alert color="red" role="alert">
              {errorMessage(scan.error)}
            </Alert>
          )}
          {r?.kind === 'error' && (
            <Alert color="red" title="Error" role="alert">
              {r.message}
            </Alert>
          )}
          {r?.kind === 'matches' && r.matches.length === 0 && <Alert color="gray">No matches found for the provided test data</Alert>}
          {r?.kind === 'matches' && r.matches.length > 0 && (
            <DataGrid
              label="Scan matches"
              columns={['Rule', 'Description', 'Author', 'Tags', 'Level']}
              rows={r.matches.map((m) => ({ cells: [m.rule, m.description, m.author, m.tags.join(', '), m.level] }))}
              renderCell={(c, v) => (c === 'Level' ? <ImportanceBadge value={v} /> : v)}
              height={300}
            />
          )}
          {r?.kind === 'matches' && r.warnings && (
            <Alert color="yellow" title="Compiler warnings">
              {r.warnings}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
