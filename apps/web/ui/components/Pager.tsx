'use client';

import { Button, Group, Text } from '@mantine/core';
import { PAGE_BOUNDS } from '@quarry/vocabulary';

/** The spec caps paging (PAGE_BOUNDS: 10 pages of `show` rows), so the last reachable page is at most that. */
export function pageCount(total: number, show: number): number {
  return Math.min(PAGE_BOUNDS.max, Math.max(1, Math.ceil(total / show)));
}

/** Previous / "Page n of m" / Next for a paged search or lookup result. */
export function Pager({ page, total, show, onPage }: { page: number; total: number; show: number; onPage: (page: number) => void }) {
  const pages = pageCount(total, show);
  return (
    <Group gap="xs">
      <Button size="compact-sm" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm">
        Page {page} of {pages}
      </Text>
      <Button size="compact-sm" variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
