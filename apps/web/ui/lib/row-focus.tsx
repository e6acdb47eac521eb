'use client';

import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/** A request to bring one row of one section into view; `seq` makes a repeated click count again. */
export interface RowFocus {
  section: string;
  row: number;
  seq: number;
}

/** `#<section id>/row-<n>`: a finding's link, which also works when opened in a new tab. */
export const rowHash = (section: string, row: number) => `#${section}/row-${row}`;

export function parseRowHash(hash: string): { section: string; row: number } | null {
  const m = /^#([a-z0-9-]+)\/row-(\d+)$/.exec(hash);
  return m ? { section: m[1]!, row: Number(m[2]) } : null;
}

export const RowFocusContext = createContext<{ focus: RowFocus | null; request(section: string, row: number): void }>({
  focus: null,
  request: () => undefined,
});

/** The focus state of a job page: set by a finding's link, or by the address's hash on load. */
export function useRowFocusState() {
  const [focus, setFocus] = useState<RowFocus | null>(null);
  const request = useCallback((section: string, row: number) => {
    setFocus((prev) => ({ section, row, seq: (prev?.seq ?? 0) + 1 }));
    // The address names the row (shareable), without the browser jumping to a missing anchor.
    history.replaceState(history.state, '', rowHash(section, row));
  }, []);
  useEffect(() => {
    const fromHash = () => {
      const target = parseRowHash(window.location.hash);
      if (target) setFocus((prev) => ({ ...target, seq: (prev?.seq ?? 0) + 1 }));
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);
  return { focus, request };
}

/** The row of `section` to bring into view, if a link asked for one. */
export function useRowFocus(section: string | undefined): RowFocus | null {
  const { focus } = useContext(RowFocusContext);
  return section !== undefined && focus?.section === section ? focus : null;
}
