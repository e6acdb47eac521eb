'use client';

import { createContext, useContext } from 'react';
import type { EvidenceKind } from './evidence-kind';

/** The job whose insights are on screen, so record ids can link to a search of its records. */
export const SearchLinkContext = createContext<{ jobId: string; category: EvidenceKind | null } | null>(null);

export function useSearchHref(): ((recordId: string) => string) | null {
  const ctx = useContext(SearchLinkContext);
  if (!ctx) return null;
  return (recordId) => `/search?job=${ctx.jobId}${ctx.category ? `&category=${ctx.category}` : ''}&record=${recordId}`;
}

/** A parse job's category told from its result types (the job view has no category field). */
export function categoryFromTitles(titles: string[]): EvidenceKind | null {
  if (titles.some((t) => t === 'Process Inference Graph' || t === 'Key Event Timeline' || t.startsWith('Overview'))) return 'winevtx';
  if (titles.some((t) => t === 'Execution Timeline' || t === 'LOLBIN Detection' || t === 'Volume Analysis')) return 'prefetch';
  if (titles.some((t) => t === 'User Activity' || t === 'System Configuration' || t === 'Authentication Data')) return 'registry';
  return null;
}
