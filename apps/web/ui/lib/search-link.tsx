'use client';

import { createContext, useContext } from 'react';
import type { EvidenceKind } from './evidence-kind';

/** The job whose insights are on screen, so record ids can link to a search of its records. */
export const SearchLinkContext = createContext<{ jobId: string; category: EvidenceKind | null } | null>(null);

/** One `filter` parameter of a search address: `<field>=<value>`, matched with `equals`. */
export interface SearchLinkFilter {
  field: string;
  value: string;
}

/** The search page opened on a job's records of one type, with equality filters filled in (and run at once when there are any). */
export function searchHref(jobId: string, category: EvidenceKind | null, filters: readonly SearchLinkFilter[] = []): string {
  const params = new URLSearchParams({ job: jobId });
  if (category) params.set('category', category);
  for (const f of filters) params.append('filter', `${f.field}=${f.value}`);
  return `/search?${params.toString()}`;
}

/** A `filter` parameter back into a field and value (field names hold no `=`); null when malformed. */
export function parseFilterParam(param: string): SearchLinkFilter | null {
  const at = param.indexOf('=');
  return at > 0 ? { field: param.slice(0, at), value: param.slice(at + 1) } : null;
}

export function useSearchHref(): ((recordId: string) => string) | null {
  const ctx = useContext(SearchLinkContext);
  if (!ctx) return null;
  return (recordId) => `/search?job=${ctx.jobId}${ctx.category ? `&category=${ctx.category}` : ''}&record=${recordId}`;
}
