'use client';

import { createContext, useContext } from 'react';
import { splitNestedTitle } from './evidence-kind';

/** The sections of the page by their result type's title, so a cell naming a title can link to it. */
export const SectionIndexContext = createContext<ReadonlyMap<string, string>>(new Map());

/** One evidence reference of a host row: `<insight title>#row-<n>` (n 0-based). */
export interface EvidenceRef {
  title: string;
  row: number;
}

/** An Evidence cell: references separated by `; `; a part that is not one is kept as text (null). */
export function evidenceRefs(value: string): { text: string; ref: EvidenceRef | null }[] {
  return value
    .split(/;\s*/)
    .filter((part) => part !== '')
    .map((text) => {
      const m = /^(.+)#row-(\d+)$/.exec(text.trim());
      return { text, ref: m ? { title: m[1]!, row: Number(m[2]) } : null };
    });
}

/**
 * The section id of a referenced title: the page's exact title, else the one member type's insight
 * with that own title (a reference written without the `<label> · ` prefix), else null.
 */
export function useSectionOf(): (title: string) => string | null {
  const index = useContext(SectionIndexContext);
  return (title) => {
    const exact = index.get(title);
    if (exact !== undefined) return exact;
    const unprefixed = [...index].filter(([t]) => splitNestedTitle(t)?.own === title);
    return unprefixed.length === 1 ? unprefixed[0]![1] : null;
  };
}
