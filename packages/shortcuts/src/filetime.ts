import { civilFromDays } from '@quarry/binary';
import type { Warnings } from './warnings.js';

/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFF = 116444736000000000n;
const TICKS_PER_MS = 10000n;
const EPOCH_DIFF_MS = Number(EPOCH_DIFF / TICKS_PER_MS);
/** Times before this (1970-01-01) cannot be a real file's, after now + 1 year neither. */
const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * A FILETIME (UTC) as ISO 8601 with all seven fractional digits, e.g. 2016-01-13T22:05:51.2812500Z,
 * so no precision is lost against tools printing nanoseconds. 0 (never set) gives null.
 */
export function filetimeToIso(value: bigint): string | null {
  if (value === 0n) return null;
  // FILETIMEs are unsigned, so one BigInt division each for the milliseconds and the 100-ns digits;
  // the date comes from days-to-civil arithmetic rather than a Date and its ISO text (links carry several times each).
  const ms = Number(value / TICKS_PER_MS) - EPOCH_DIFF_MS;
  const ticks = Number(value % 10000000n);
  const days = Math.floor(ms / DAY_MS);
  const secs = Math.floor((ms - days * DAY_MS) / 1000);
  civilFromDays(days, ymd);
  // Years past 9999 (garbage values) in ISO 8601's extended form, as Date#toISOString writes them.
  const year = ymd[0]! <= 9999 ? String(ymd[0]).padStart(4, '0') : `+${String(ymd[0]).padStart(6, '0')}`;
  const time = `${TWO[(secs / 3600) | 0]}:${TWO[((secs / 60) | 0) % 60]}:${TWO[secs % 60]}`;
  return `${year}-${TWO[ymd[1]!]}-${TWO[ymd[2]!]}T${time}.${String(ticks + 10_000_000).slice(1)}Z`;
}

const DAY_MS = 86_400_000;
const ymd = new Int32Array(3);
/** "00".."59": months, days, hours, minutes and seconds without per-field padding. */
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** Whether a FILETIME lies between 1970 and a year from now (where any real file time lies). */
export function plausibleFiletime(value: bigint, nowMs = Date.now()): boolean {
  const ms = Number((value - EPOCH_DIFF) / TICKS_PER_MS);
  return ms >= 0 && ms <= nowMs + YEAR_MS;
}

/** The FILETIME as ISO; an implausible non-zero value is kept and warned about, never shown silently as fact. */
export function checkedFiletime(value: bigint, warnings: Warnings, structure: string, offset: number): string | null {
  const iso = filetimeToIso(value);
  if (value !== 0n && !plausibleFiletime(value)) {
    warnings.add(structure, offset, `time ${iso ?? `0x${value.toString(16)}`} is outside 1970..now+1y; kept as stored`);
  }
  return iso;
}
