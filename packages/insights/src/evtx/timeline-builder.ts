import { importanceRank, maxImportance } from '../common/importance.js';
import type { Importance, InsightCategory, TimelineEntry } from '../types.js';
import { byImportanceThenTime } from './top-rows.js';

/** Timelines keep at most this many entries (INSIGHTS.md §1). */
export const TIMELINE_LIMIT = 2000;
/** Groups held before the least important are dropped (memory bound; they could not be shown). */
const GROUPS_HELD = TIMELINE_LIMIT * 10;

interface Group {
  shortName: string;
  category: InsightCategory;
  importance: Importance;
  first: number;
  last: number;
  firstRecordId: number;
  count: number;
  detail: string;
  time: number;
}

/** One key event to record: its type (`shortName`), group key and what the description shows. */
export interface KeyEvent {
  shortName: string;
  key: string;
  category: InsightCategory;
  importance: Importance;
  time: number;
  recordId: number;
  /** Key fields for the description (the count is prefixed at the end). */
  detail: string;
  /** Occurrences this event stands for (a grouped row), default 1. */
  count?: number;
  /** Last occurrence, for grouped rows. */
  last?: number;
}

/** Key events grouped per (event type, group key): first/last occurrence and the first record id. */
export class TimelineBuilder {
  private groups = new Map<string, Group>();

  add(e: KeyEvent): void {
    const id = `${e.shortName}\u0000${e.key}`;
    const g = this.groups.get(id);
    const last = e.last ?? e.time;
    if (!g) {
      this.groups.set(id, {
        shortName: e.shortName,
        category: e.category,
        importance: e.importance,
        first: e.time,
        last,
        firstRecordId: e.recordId,
        count: e.count ?? 1,
        detail: e.detail,
        time: e.time,
      });
      if (this.groups.size > GROUPS_HELD) this.prune();
      return;
    }
    g.count += e.count ?? 1;
    g.importance = maxImportance(g.importance, e.importance);
    if (e.time < g.first) {
      g.first = g.time = e.time;
      g.firstRecordId = e.recordId;
      g.detail = e.detail;
    }
    if (last > g.last) g.last = last;
  }

  private prune(): void {
    const kept = [...this.groups.entries()].sort((a, b) => byImportanceThenTime(a[1], b[1])).slice(0, TIMELINE_LIMIT * 2);
    this.groups = new Map(kept);
  }

  /** Entries in time order, the 2,000 most important kept. */
  entries(): TimelineEntry[] {
    const all = [...this.groups.values()];
    const kept = all.length > TIMELINE_LIMIT ? all.sort(byImportanceThenTime).slice(0, TIMELINE_LIMIT) : all;
    return kept
      .sort((a, b) => a.first - b.first || importanceRank(b.importance) - importanceRank(a.importance))
      .map((g) => ({
        timestamp_start: g.first,
        timestamp_end: g.count > 1 ? g.last : null,
        record_id: g.firstRecordId,
        short_name: g.shortName,
        description: `${g.count} event${g.count === 1 ? '' : 's'}: ${g.detail}`,
        category: g.category,
        importance: g.importance,
      }));
  }
}
