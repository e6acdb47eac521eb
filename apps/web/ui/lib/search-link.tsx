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
