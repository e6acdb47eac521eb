import { Badge, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExportMenu } from '../ExportMenu';

/**
 * The frame around one insight: a section of the job page (`id`), its title as a heading, its type
 * and category; with `exportJobId` (a table of a stored job), its export menu.
 */
export function InsightCard({
  id,
  title,
  type,
  category,
  exportJobId,
  children,
}: {
  id: string;
  title: string;
  type: string;
  category?: string;
  exportJobId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      data-insight-type={type}
      // Below the fixed header when the table of contents jumps here.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 52px) + 12px)' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4" id={`${id}-title`} data-section-heading style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap={6} wrap="nowrap">
          {category && <Badge variant="outline">{category}</Badge>}
          <Badge variant="light" color="gray">
            {type}
          </Badge>
          {exportJobId !== undefined && <ExportMenu jobId={exportJobId} insight={title} />}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
