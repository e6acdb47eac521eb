'use client';

import { Anchor, Group, Text } from '@mantine/core';
import { evidenceTypes, type ArtifactType, type EvidenceType } from '@quarry/vocabulary';
import Link from 'next/link';
import { searchHref } from '../../lib/search-link';

/** Links to the searches of a collection job: its Host Timeline facts, and each member type's own records. */
export function CollectionSearches({ jobId, category, types }: { jobId: string; category: EvidenceType; types: readonly ArtifactType[] }) {
  return (
    <Group gap="xs" aria-label="Search this collection's records" role="navigation">
      <Text size="sm" c="dimmed">
        Search records:
      </Text>
      <Anchor component={Link} href={searchHref(jobId, category)} size="sm">
        {evidenceTypes[category].search.title}
      </Anchor>
      {types.map((t) => (
        <Anchor key={t} component={Link} href={searchHref(jobId, t)} size="sm">
          {evidenceTypes[t].label}
        </Anchor>
      ))}
    </Group>
  );
}
