import { importanceRank } from '../common/importance.js';
import type { Importance } from '../types.js';

interface Ranked {
  importance: Importance;
  time: number;
}

/**
 * The N most important rows (then earliest) of a stream: memory stays at 2N rows whatever the job
 * size. INSIGHTS.md §1: IndexTables keep 1,000 rows, Timelines 2,000 entries.
 */
export class TopRows<R extends Ranked> {
  private rows: R[] = [];
  /** Rows seen, kept or not. */
  seen = 0;

  constructor(private readonly limit: number) {}

  add(row: R): void {
    this.seen++;
    this.rows.push(row);
    if (this.rows.length >= this.limit * 2) this.prune();
  }

  private prune(): void {
    this.rows.sort(byImportanceThenTime);
    this.rows.length = Math.min(this.rows.length, this.limit);
  }

  /** The kept rows, most important first, then by time. */
  sorted(): R[] {
    this.prune();
    return this.rows;
  }
}

export function byImportanceThenTime(a: Ranked, b: Ranked): number {
  return importanceRank(b.importance) - importanceRank(a.importance) || a.time - b.time;
}
