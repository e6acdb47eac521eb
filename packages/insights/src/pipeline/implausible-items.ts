import type { InputRef } from './input.js';

/**
 * A decoded item no correct decoder would produce (see common/plausibility.ts): kept out of the
 * tables and reported instead, with where it lies so an analyst can look at the bytes.
 */
export interface ImplausibleItem {
  /** The input it was read from; null for a job-wide table (EVTX tables merge every input). */
  input: InputRef | null;
  /** What the item is: "ShimCache entry", "EVTX record", "prefetch run time". */
  structure: string;
  /** Where in the input: a byte offset, a record id, or a registry key path with its value name. */
  offset: string;
  /** Why it was rejected, with the offending value quoted safely where it helps. */
  reason: string;
}

/** One line of a metadata `warnings` cell. */
export const implausibleWarning = (i: ImplausibleItem): string => `not shown: ${i.structure} at ${i.offset}: ${i.reason}`;

/**
 * The job's rejected items, filled by analyzers as they build their insights and read by the
 * insights that report on the job (File metadata, the EVTX Overview), which finish after them.
 * An item several result types reject (the same value read by two tables) is kept once.
 */
export class ImplausibleItems {
  private readonly items = new Map<string, ImplausibleItem>();

  add(item: ImplausibleItem): void {
    const key = `${item.input?.position ?? -1}\u0000${item.structure}\u0000${item.offset}\u0000${item.reason}`;
    if (!this.items.has(key)) this.items.set(key, item);
  }

  of(input: InputRef): ImplausibleItem[] {
    return [...this.items.values()].filter((i) => i.input?.position === input.position);
  }

  all(): ImplausibleItem[] {
    return [...this.items.values()].sort((a, b) => (a.input?.position ?? -1) - (b.input?.position ?? -1));
  }
}
