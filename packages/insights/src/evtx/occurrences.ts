import { formatTime } from '../common/time-format.js';
import type { EventView } from './event-view.js';

/** How many record ids a grouped row lists (provenance without unbounded memory). */
export const RECORD_IDS_KEPT = 20;

/**
 * When and where a group of events was seen: count, first and last time, and the first record ids
 * (every row must lead back to its evidence). Events may arrive out of time order (wrapped logs,
 * several files), so first/last compare times.
 */
export class Occurrences {
  count = 0;
  first = Infinity;
  last = -Infinity;
  /** Record id of the earliest occurrence. */
  firstRecordId = 0;
  readonly recordIds: number[] = [];
  readonly computers = new Set<string>();

  add(v: EventView): void {
    this.addAt(v.time, v.recordId, v.computer);
  }

  addAt(time: number, recordId: number, computer: string): void {
    this.count++;
    if (time < this.first) {
      this.first = time;
      this.firstRecordId = recordId;
    }
    if (time > this.last) this.last = time;
    if (this.recordIds.length < RECORD_IDS_KEPT) this.recordIds.push(recordId);
    if (computer && this.computers.size < 50) this.computers.add(computer);
  }

  get firstText(): string {
    return this.count ? formatTime(this.first) : '';
  }

  get lastText(): string {
    return this.count ? formatTime(this.last) : '';
  }

  get recordIdsText(): string {
    return this.recordIds.join(', ') + (this.count > this.recordIds.length ? ', …' : '');
  }
}

/** A map of groups created on first sight: `get(key, make)`. */
export class Groups<G> {
  readonly map = new Map<string, G>();

  constructor(private readonly make: () => G) {}

  get(key: string): G {
    let g = this.map.get(key);
    if (g === undefined) this.map.set(key, (g = this.make()));
    return g;
  }

  values(): G[] {
    return [...this.map.values()];
  }
}

/** Joins a set for a cell (", "), capped so one noisy value cannot grow a cell without bound. */
export function listCell(values: Iterable<string>, max = 20): string {
  const all = [...values].filter((v) => v !== '');
  return all.length > max ? `${all.slice(0, max).join(', ')}, … (${all.length})` : all.join(', ');
}

/** Adds to a set unless it already holds `cap` values (cells list the first ones). */
export function addCapped(set: Set<string>, value: string, cap = 50): void {
  if (value !== '' && set.size < cap) set.add(value);
}
