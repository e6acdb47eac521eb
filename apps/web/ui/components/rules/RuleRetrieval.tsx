'use client';

import { Alert, Button, Code, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ScanEngine } from '@quarry/vocabulary';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SCAN_ENGINE_OPTIONS } from '../../lib/scan-engines';
import { errorMessage, trpc } from '../../lib/trpc';

/** Community rules by exact name (as they appear in scan results), shown as their text. */
export function RuleRetrieval() {
  const [engine, setEngine] = useState<ScanEngine>('sigma');
  const [names, setNames] = useState('');
  const get = useMutation({
    mutationFn: () =>
      trpc.retrieveRules.query({
        engine,
        ruleNames: names
          .split(/[\n,]/)
          .map((n) => n.trim())
          .filter(Boolean),
      }),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          get.mutate();
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>Community rule</Text>
          <Group align="end">
            <Select label="Engine" data={SCAN_ENGINE_OPTIONS} value={engine} onChange={(v) => v && setEngine(v as ScanEngine)} w={120} allowDeselect={false} />
            <TextInput
              label="Rule names"
              description="exact and case-sensitive; several separated by commas"
              value={names}
              onChange={(e) => setNames(e.currentTarget.value)}
              w={460}
            />
            <Button type="submit" loading={get.isPending}>
              Retrieve
            </Button>
          </Group>
          {get.isError && (
            <Alert color="red" role="alert">
              {errorMessage(get.error)}
            </Alert>
          )}
          {get.data &&
            Object.entries(get.data).map(([name, lines]) => (
              <div key={name}>
                <Text fw={600} size="sm">
                  {name}
                </Text>
                <Code block>{lines.join('\n')}</Code>
              </div>
            ))}
        </Stack>
      </form>
    </Paper>
  );
}
