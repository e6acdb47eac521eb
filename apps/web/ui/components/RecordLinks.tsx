'use client';

import { Anchor } from '@mantine/core';
import Link from 'next/link';
import { recordIdsIn } from '../lib/result-types';
import { useSearchHref } from '../lib/search-link';

/** Record ids ("12", or "3, 17, 40") as links to the search page filtered to that record. */
export function RecordLinks({ value }: { value: string }) {
  const href = useSearchHref();
  const ids = recordIdsIn(value);
  if (!href || ids.length === 0) return <>{value}</>;
  return (
    <>
      {ids.map((id, i) => (
        <span key={id + i}>
          {i > 0 && ', '}
          <Anchor component={Link} href={href(id)} size="sm">
            {id}
          </Anchor>
        </span>
      ))}
    </>
  );
}
