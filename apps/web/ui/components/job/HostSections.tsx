'use client';

import { Paper, Stack, Title } from '@mantine/core';
import type { Insight } from '@quarry/insights';
import { evidenceTypes, type EvidenceType } from '@quarry/vocabulary';
import type { HostLayout, HostSection } from '../../lib/host-layout';
import { SearchLinkContext } from '../../lib/search-link';
import { InsightView } from '../insights/InsightView';
import { HostTimeline } from './HostTimeline';

/** Id of the Host Timeline's facts (brush, filters, rows), a section of its own. */
export const FACTS_SECTION = 'host-timeline-facts';

/**
 * The sections of a collection job below its findings: the correlated host tables, the Host
 * Timeline's facts under a time brush (and the timeline insights), then each member type's own
 * results under its label, their record links searching that type's records of the job.
 */
export function HostSections({
  layout,
  insights,
  jobId,
  category,
}: {
  layout: HostLayout;
  insights: readonly Insight[];
  jobId: string;
  category: EvidenceType;
}) {
  const view = (s: HostSection) => <InsightView key={s.type.id} insight={insights[s.index]!} id={s.type.id} exportJobId={jobId} />;
  const timelineTitle = evidenceTypes[category].search.title;
  return (
    <>
      {layout.host.map(view)}
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        id={FACTS_SECTION}
        aria-labelledby={`${FACTS_SECTION}-title`}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 52px) + 12px)' }}
      >
        <Title order={3} size="h4" id={`${FACTS_SECTION}-title`} data-section-heading mb="sm">
          {timelineTitle}
        </Title>
        <HostTimeline jobId={jobId} category={category} />
      </Paper>
      {/* Its entries' record ids are places among the facts, which no search field names: the facts above link instead. */}
      <SearchLinkContext.Provider value={null}>{layout.timeline.map(view)}</SearchLinkContext.Provider>
      {layout.nested.map((group) => (
        <SearchLinkContext.Provider key={group.type} value={{ jobId, category: group.type }}>
          <Stack gap="md" role="group" aria-label={`${evidenceTypes[group.type].label} results`} data-member-type={group.type}>
            <Title order={3} size="h3">
              {evidenceTypes[group.type].label}
            </Title>
            {group.sections.map(view)}
          </Stack>
        </SearchLinkContext.Provider>
      ))}
      {layout.other.map(view)}
    </>
  );
}
