'use client';

import { Anchor } from '@mantine/core';
import Link from 'next/link';

/**
 * An insight's link to a lookup row (the EVTX Overview's "Lookup" column holds
 * `/lookup?module=event_id&search=4624&provider=…`): only such relative lookup links become links.
 */
export function LookupLink({ value }: { value: string }) {
  if (!value.startsWith('/lookup?')) return <>{value}</>;
  return (
    <Anchor component={Link} href={value} size="sm">
      Look up
    </Anchor>
  );
}
