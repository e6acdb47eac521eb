import { Badge, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame around one insight: its title as a heading, its type and category. */
export function InsightCard({ title, type, category, children }: { title: string; type: string; category?: string; children: ReactNode }) {
  const anchor = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`insight-${anchor}`} data-insight-type={type}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h4" id={`insight-${anchor}`}>
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
