import { civilFromDays } from '@quarry/binary';
import type { LinkReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFF = 116444736000000000n;
const EPOCH_DIFF_MS = Number(EPOCH_DIFF / 10000n);
/** Times before this (1970-01-01) cannot be a real file's, after now + 1 year neither. */
const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * A FILETIME (UTC) as ISO 8601 with all seven fractional digits, e.g. 2016-01-13T22:05:51.2812500Z,
 * so no precision is lost against tools printing nanoseconds. 0 (never set) gives null.
 */
export function filetimeToIso(value: bigint): string | null {
  return filetimePartsToIso(Number(value & 0xffffffffn), Number(value >> 32n));
}

/**
 * filetimeToIso of the FILETIME whose low and high 32 bits are `lo` and `hi`: links carry several
 * times each, and these exact double operations cost less than BigInt division.
 */
export function filetimePartsToIso(lo: number, hi: number): string | null {
  if (lo === 0 && hi === 0) return null;
  const ms = millisSince1601(lo, hi) - EPOCH_DIFF_MS;
  // value % 10^7, with 2^32 % 10^7 = 4967296; every product stays below 2^53.
  const ticks = ((hi % 10_000_000) * 4_967_296 + lo) % 10_000_000;
  // The date comes from days-to-civil arithmetic rather than a Date and its ISO text.
  const days = Math.floor(ms / DAY_MS);
  const secs = Math.floor((ms - days * DAY_MS) / 1000);
  civilFromDays(days, ymd);
  // Years past 9999 (garbage values) in ISO 8601's extended form, as Date#toISOString writes them.
  const year = ymd[0]! <= 9999 ? String(ymd[0]).padStart(4, '0') : `+${String(ymd[0]).padStart(6, '0')}`;
  const time = `${TWO[(secs / 3600) | 0]}:${TWO[((secs / 60) | 0) % 60]}:${TWO[secs % 60]}`;
  return `${year}-${TWO[ymd[1]!]}-${TWO[ymd[2]!]}T${time}.${String(ticks + 10_000_000).slice(1)}Z`;
}

/** floor(value / 10^4) of an unsigned 64-bit value: 2^32 = 429496 * 10^4 + 7296, all exact in doubles. */
function millisSince1601(lo: number, hi: number): number {
  return hi * 429_496 + Math.floor((hi * 7296 + lo) / 10_000);
}

const DAY_MS = 86_400_000;
const ymd = new Int32Array(3);
/** "00".."59": months, days, hours, minutes and seconds without per-field padding. */
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** Whether a FILETIME lies between 1970 and a year from now (where any real file time lies). */
export function plausibleFiletime(value: bigint, nowMs = Date.now()): boolean {
  return plausibleParts(Number(value & 0xffffffffn), Number(value >> 32n), nowMs);
}

function plausibleParts(lo: number, hi: number, nowMs: number): boolean {
  const ms = millisSince1601(lo, hi) - EPOCH_DIFF_MS;
  // Less than a millisecond before 1970 counts as 1970 (the division truncates toward zero).
  return (ms >= 0 || (ms === -1 && (hi * 7296 + lo) % 10_000 !== 0)) && ms <= nowMs + YEAR_MS;
}

/** The FILETIME at `at` as ISO; an implausible non-zero value is kept and warned about, never shown silently as fact. */
export function checkedFiletime(r: LinkReader, at: number, warnings: Warnings, structure: string): string | null {
  const lo = r.u32(at, structure);
  const hi = r.u32(at + 4, structure);
  const iso = filetimePartsToIso(lo, hi);
  if (iso !== null && !plausibleParts(lo, hi, Date.now())) {
    warnings.add(structure, at, `time ${iso} is outside 1970..now+1y; kept as stored`);
  }
  return iso;
}
