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

/** Items kept per input (a damaged log may hold thousands); the rest are only counted. */
export const KEPT_PER_INPUT = 50;

const slot = (input: InputRef | null): number => input?.position ?? -1;

/**
 * Rejected items, per input: what a reader kept out (in its InputReport) or what the analyzers kept
 * out of their tables (the job's list on the analyzer context), read by the insights that report
 * on the job (File metadata, the EVTX Overview), which finish after the others. Memory stays
 * bounded: the first KEPT_PER_INPUT items of an input are kept, every one is counted. An item
 * rejected twice alike is kept once.
 */
export class ImplausibleItems {
  private readonly kept = new Map<number, Map<string, ImplausibleItem>>();
  private readonly counts = new Map<number, number>();

  add(item: ImplausibleItem): void {
    const at = slot(item.input);
    let kept = this.kept.get(at);
    if (!kept) this.kept.set(at, (kept = new Map()));
    const key = `${item.structure}\u0000${item.offset}\u0000${item.reason}`;
    if (kept.has(key)) return;
    this.counts.set(at, (this.counts.get(at) ?? 0) + 1);
    if (kept.size < KEPT_PER_INPUT) kept.set(key, item);
  }

  /** The kept items of an input (null: the job-wide ones). */
  of(input: InputRef | null): ImplausibleItem[] {
    return [...(this.kept.get(slot(input))?.values() ?? [])];
  }

  /** How many items of an input were rejected, kept or not. */
  count(input: InputRef | null): number {
    return this.counts.get(slot(input)) ?? 0;
  }

  /** Every input's kept items, job-wide ones first, then by input position. */
  all(): ImplausibleItem[] {
    return [...this.kept.keys()].sort((a, b) => a - b).flatMap((at) => [...this.kept.get(at)!.values()]);
  }

  total(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }
}

/** Warning lines for an input's items: the kept ones, then how many more were counted. */
export function implausibleLines(items: readonly ImplausibleItem[], count: number, prefix = ''): string[] {
  const lines = items.map((i) => `${prefix}${implausibleWarning(i)}`);
  if (count > items.length) lines.push(`${prefix}… and ${count - items.length} more items not shown`);
  return lines;
}
