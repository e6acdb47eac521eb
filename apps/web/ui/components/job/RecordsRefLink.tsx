'use client';

import { Anchor } from '@mantine/core';
import Link from 'next/link';
import { parseRecordsRef } from '../../lib/host-timeline';
import { searchHref } from '../../lib/search-link';

/** A fact's Records detail (`<type>: field=value; …`) as a link to that search of the job's records of that type. */
export function RecordsRefLink({ jobId, value }: { jobId: string; value: string }) {
  const ref = parseRecordsRef(value);
  if (!ref) return <>{value}</>;
  return (
    <Anchor component={Link} href={searchHref(jobId, ref.type, ref.filters)} size="sm" data-records-link>
      {value}
    </Anchor>
  );
}
