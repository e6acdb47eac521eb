import { Badge, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame around one insight: a section of the job page (`id`), its title as a heading, its type and category. */
export function InsightCard({ id, title, type, category, children }: { id: string; title: string; type: string; category?: string; children: ReactNode }) {
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
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
