'use client';

import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Insight } from '@quarry/insights';
import { useQuery } from '@tanstack/react-query';
import { evidenceTypes, isFinished, isParseCategory } from '@quarry/vocabulary';
import { useMemo } from 'react';
import { findings, importanceCounts } from '../lib/findings';
import { resultTypes } from '../lib/result-types';
import { RowFocusContext, useRowFocusState } from '../lib/row-focus';
import { isComposite } from '../lib/evidence-kind';
import { hostLayout } from '../lib/host-layout';
import { SectionIndexContext } from '../lib/section-index';
import { SearchLinkContext } from '../lib/search-link';
import { sigmaByLevel } from '../lib/sigma-levels';
import { errorCode, errorMessage, trpc } from '../lib/trpc';
import { useJobWatch } from '../lib/use-job-watch';
import { useSession } from '../lib/use-session';
import { InsightView } from './insights/InsightView';
import { CollectionSearches } from './job/CollectionSearches';
import { FindingsList } from './job/FindingsList';
import { FACTS_SECTION, HostSections } from './job/HostSections';
import { ImportanceSummary } from './job/ImportanceSummary';
import { JobProgress } from './job/JobProgress';
import { JobToc } from './job/JobToc';
import classes from './job/JobPage.module.css';
import { SigmaLevels } from './job/SigmaLevels';
import { ExportMenu } from './ExportMenu';
import { KeyPrompt } from './KeyPrompt';
import { StatusBadge } from './StatusBadge';

/**
 * A job page: while the job runs, its status and progress arrive live (the watchJob subscription)
 * and its results are fetched once it has finished. Findings first: counts by importance, the
 * Critical and High rows of every result type, Sigma by level; then every result type as a
 * section, in the analyzers' order, beside a sticky table of contents. A collection job (its type
 * composite) is a host page: its own Findings table first, the host tables, the Host Timeline under
 * a time brush, then each member type's results; host rows link to the per-type rows behind them.
 */
export function JobView({ id }: { id: string }) {
  const session = useSession();
  const focus = useRowFocusState();
  const job = useQuery({
    queryKey: ['job', id, session.token, session.key],
    queryFn: () => trpc.getJob.query({ id }),
    retry: false,
  });
  const running = job.data !== undefined && !isFinished(job.data.status);
  const live = useJobWatch(id, running, session, () => void job.refetch());
  const insights = useMemo(() => (job.data?.insights ?? []) as Insight[], [job.data]);
  const types = useMemo(() => resultTypes(insights), [insights]);
  const category = job.data !== undefined && isParseCategory(job.data.category) ? job.data.category : null;
  const layout = useMemo(() => (category !== null && isComposite(category) ? hostLayout(category, types) : null), [category, types]);
  const sectionIndex = useMemo(() => new Map(types.map((t) => [t.title, t.id])), [types]);
  // Derived once per answer from the server, not again when a finding's link re-renders the page.
  // A host page's Findings table repeats other types' rows: counted once, where they are.
  const summary = useMemo(() => {
    const counted = types.filter((t) => t !== layout?.findings?.type);
    return {
      counts: importanceCounts(counted),
      findings: findings(counted),
      sigma: sigmaByLevel(counted),
      ranked: counted.filter((t) => t.hasImportance).length,
    };
  }, [types, layout]);
  // The table of contents in page order; a member type's results under its label.
  const tocTypes = useMemo(
    () =>
      layout
        ? [
            ...[...layout.host, ...layout.timeline].map((s) => s.type),
            ...layout.nested.flatMap((g) => g.sections.map((s) => ({ ...s.type, group: evidenceTypes[g.type].label }))),
            ...layout.other.map((s) => s.type),
          ]
        : types,
    [layout, types],
  );

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
  const { jobName } = job.data;
  // The live state while the results are still being fetched; the fetched job once it has them.
  const status = running && live ? live.status : job.data.status;
  const { sigma } = summary;
  const findingsTable = layout?.findings ?? null;
  const findingsLabel = findingsTable ? findingsTable.type.title : 'Critical and High findings';
  const extras = [
    ...(layout ? [] : [{ id: 'job-summary', label: 'Summary' }]),
    { id: 'job-findings', label: findingsLabel },
    ...(sigma.sources.length > 0 ? [{ id: 'job-sigma', label: 'Sigma by level' }] : []),
    ...(layout
      ? [
          { id: FACTS_SECTION, label: evidenceTypes[category!].search.title },
          { id: 'job-summary', label: 'Counts by importance' },
        ]
      : []),
  ];
  const summarySection = (
    <section id="job-summary" aria-labelledby="job-summary-title" className={classes.anchorTarget}>
      <Title order={3} size="h4" id="job-summary-title" mb="xs">
        Summary
      </Title>
      <ImportanceSummary counts={summary.counts} ranked={summary.ranked} />
    </section>
  );
  return (
    <SearchLinkContext.Provider value={{ jobId: id, category }}>
      <SectionIndexContext.Provider value={sectionIndex}>
        <RowFocusContext.Provider value={focus}>
          <Stack gap="md">
            <Group justify="space-between">
              <div>
                <Title order={2}>{jobName}</Title>
                <Text size="xs" c="dimmed" ff="monospace">
                  {id}
                </Text>
              </div>
              <Group gap="xs">
                {status === 'Completed' && <ExportMenu jobId={id} />}
                <StatusBadge status={status} />
              </Group>
            </Group>
            {!isFinished(status) && (
              <Alert color="blue" title={`Job ${status.toLowerCase()}`}>
                {live?.progress ? <JobProgress progress={live.progress} /> : 'This page updates by itself as the job runs.'}
              </Alert>
            )}
            {layout && category && <CollectionSearches jobId={id} category={category} types={layout.nested.map((g) => g.type)} />}
            {types.length > 0 && (
              <>
                {!layout && summarySection}
                {findingsTable ? (
                  <div id="job-findings" className={classes.anchorTarget}>
                    <InsightView insight={insights[findingsTable.index]!} id={findingsTable.type.id} exportJobId={id} />
                  </div>
                ) : (
                  <section id="job-findings" aria-labelledby="job-findings-title" className={classes.anchorTarget}>
                    <Title order={3} size="h4" id="job-findings-title" mb="xs">
                      Critical and High findings
                    </Title>
                    <FindingsList items={summary.findings} />
                  </section>
                )}
                {sigma.sources.length > 0 && (
                  <section id="job-sigma" aria-labelledby="job-sigma-title" className={classes.anchorTarget}>
                    <Title order={3} size="h4" id="job-sigma-title" mb="xs">
                      Sigma matches by level
                    </Title>
                    <SigmaLevels levels={sigma.levels} />
                  </section>
                )}
                <div className={classes.body}>
                  <aside className={classes.toc}>
                    <JobToc types={tocTypes} extras={extras} />
                  </aside>
                  <div className={classes.sections}>
                    {layout && category ? (
                      <>
                        <HostSections layout={layout} insights={insights} jobId={id} category={category} />
                        {summarySection}
                      </>
                    ) : (
                      insights.map((ins, i) => <InsightView key={types[i]!.id} insight={ins} id={types[i]!.id} exportJobId={id} />)
                    )}
                  </div>
                </div>
              </>
            )}
            {isFinished(job.data.status) && insights.length === 0 && <Text c="dimmed">This job produced no insights.</Text>}
          </Stack>
        </RowFocusContext.Provider>
      </SectionIndexContext.Provider>
    </SearchLinkContext.Provider>
  );
}
