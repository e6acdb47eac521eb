'use client';

import { NavLink } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HTTP_PATHS } from '@quarry/vocabulary';

/** For operators: the Temporal Web UI, when the server runs one it can name. */
export function TemporalLink() {
  const meta = useQuery({
    queryKey: ['ui-meta'],
    queryFn: async () => (await (await fetch(HTTP_PATHS.uiMeta)).json()) as { temporalUiUrl: string | null },
    staleTime: Infinity,
  });
  const url = meta.data?.temporalUiUrl;
  if (!url) return null;
  return <NavLink href={url} target="_blank" rel="noreferrer" label="Temporal UI ↗" description="workflows (operators)" />;
}
