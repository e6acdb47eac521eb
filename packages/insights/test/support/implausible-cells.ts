import type { Insight } from '../../src/index.js';

/**
 * An independent check of a job's final insights for values no correct decoder emits (issue 36):
 * it shares no code with the analyzers' plausibility guard, so a guard that lets garbage through
 * (or an analyzer that never calls it) fails the sweep.
 */
export interface ImplausibleCell {
  insight: string;
  /** Row (0 = first data row), or the metadata key / timeline field. */
  where: string;
  column: string;
  value: string;
  reason: string;
}

export interface CellBounds {
  /** Unix ms; times before it are garbage. */
  floor: number;
  /** Unix ms; times after it are garbage. */
  ceiling: number;
}

/** 1980-01-01: no Windows artifact records an earlier time (FAT's epoch; NT 3.1 shipped in 1993). */
export const FLOOR_1980 = Date.UTC(1980, 0, 1);
const DAY = 86_400_000;

export const boundsUntil = (collected: number): CellBounds => ({ floor: FLOOR_1980, ceiling: collected + DAY });

// The cell form of a time, wherever it appears in a cell (descriptions embed them too).
const CELL_TIME = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3}) UTC/g;

/** What is wrong with the characters of a string, or null: lone surrogates, U+FFFD, C0 (but TAB, LF, CR) and C1 controls. */
export function badCharacters(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `unpaired high surrogate U+${c.toString(16)} at ${i}`;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `unpaired low surrogate U+${c.toString(16)} at ${i}`;
    if (c === 0xfffd) return `U+FFFD at ${i}`;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f))
      return `control character U+${c.toString(16).padStart(4, '0')} at ${i}`;
  }
  return null;
}

function badTimes(s: string, bounds: CellBounds): string | null {
  for (const m of s.matchAll(CELL_TIME)) {
    const [, y, mo, d, h, mi, se, ms] = m.map(Number) as number[];
    const t = Date.UTC(y!, mo! - 1, d!, h!, mi!, se!, ms!);
    if (t < bounds.floor) return `time ${m[0]} before 1980`;
    if (t > bounds.ceiling) return `time ${m[0]} after the collection time + 1 day`;
  }
  return null;
}

function badCell(s: string, bounds: CellBounds): string | null {
  return badCharacters(s) ?? badTimes(s, bounds);
}

/** Every Table, IndexTable, Timeline and Metadata cell of the insights that holds an implausible value. */
export function implausibleCells(insights: readonly Insight[], bounds: CellBounds): ImplausibleCell[] {
  const out: ImplausibleCell[] = [];
  const check = (insight: string, where: string, column: string, value: string) => {
    const reason = badCell(value, bounds);
    if (reason) out.push({ insight, where, column, value, reason });
  };
  for (const i of insights) {
    if ('Table' in i) {
      const [header = [], ...rows] = i.Table.data;
      header.forEach((h, c) => check(i.Table.title, 'header', String(c), h));
      rows.forEach((r, n) => r.forEach((cell, c) => check(i.Table.title, String(n), header[c] ?? String(c), cell)));
    } else if ('IndexTable' in i) {
      i.IndexTable.data.forEach(([cells, detail], n) => {
        cells.forEach((cell, c) => check(i.IndexTable.title, String(n), i.IndexTable.columns[c] ?? String(c), cell));
        for (const [k, v] of Object.entries(detail)) check(i.IndexTable.title, String(n), `detail ${k}`, v);
      });
    } else if ('Timeline' in i) {
      i.Timeline.data.forEach((e, n) => {
        for (const [k, t] of [
          ['timestamp_start', e.timestamp_start],
          ['timestamp_end', e.timestamp_end],
        ] as const) {
          if (t === null) continue;
          if (!Number.isFinite(t) || t < bounds.floor || t > bounds.ceiling)
            out.push({ insight: i.Timeline.title, where: String(n), column: k, value: String(t), reason: `time ${new Date(t).toISOString()} out of bounds` });
        }
        for (const k of ['short_name', 'description', 'category'] as const) check(i.Timeline.title, String(n), k, e[k]);
      });
    } else if ('Metadata' in i) {
      for (const [k, v] of Object.entries(i.Metadata.data)) check(i.Metadata.title, k, k, v);
    }
  }
  return out;
}
