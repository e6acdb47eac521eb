'use client';

import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Insight } from '@quarry/insights';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { isRunning, pollInterval } from '../lib/polling';
import { errorCode, errorMessage, trpc } from '../lib/trpc';
import { useSession } from '../lib/use-session';
import { InsightView, insightTitle } from './insights/InsightView';
import { KeyPrompt } from './KeyPrompt';
import { SearchLinkContext, categoryFromTitles } from '../lib/search-link';
import { StatusBadge } from './StatusBadge';

/** A job page: polls while the job runs (the spec's schedule), then shows the insights in order. */
export function JobView({ id }: { id: string }) {
  const session = useSession();
  const openedAt = useRef(Date.now());
  const job = useQuery({
    queryKey: ['job', id, session.token, session.key],
    queryFn: () => trpc.jobs.get.query({ id }),
    retry: false,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.status) ? pollInterval(Date.now() - openedAt.current) : false),
  });

  if (job.isPending) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>Loading job…</Text>
      </Group>
    );
  }
  if (job.isError) {
    const code = errorCode(job.error);
    if (code === 'FORBIDDEN') return <KeyPrompt message={errorMessage(job.error)} />;
    return (
      <Alert color="red" title={code === 'NOT_FOUND' ? 'No such job' : 'Could not load the job'} role="alert">
        {errorMessage(job.error)}
      </Alert>
    );
  }
  const { jobName, status } = job.data;
  const insights = (job.data.insights ?? []) as Insight[];
  const category = categoryFromTitles(insights.map(insightTitle));
  return (
    <SearchLinkContext.Provider value={{ jobId: id, category }}>
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>{jobName}</Title>
          <Text size="xs" c="dimmed" ff="monospace">
            {id}
          </Text>
        </div>
        <StatusBadge status={status} />
      </Group>
      {isRunning(status) && (
        <Alert color="blue" title={`Job ${status.toLowerCase()}`}>
          This page checks again by itself (every 5 s at first, then less often).
        </Alert>
      )}
      {insights.length > 0 && (
        <nav aria-label="Insights in this job">
          <Group gap={6}>
            {insights.map((ins, i) => (
              <Anchor key={i} href={`#insight-${insightTitle(ins).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} size="xs">
                {insightTitle(ins)}
              </Anchor>
            ))}
          </Group>
        </nav>
      )}
      {insights.map((ins, i) => (
        <InsightView key={i} insight={ins} />
      ))}
      {!isRunning(status) && insights.length === 0 && <Text c="dimmed">This job produced no insights.</Text>}
    </Stack>
    </SearchLinkContext.Provider>
  );
}
