import type { Warnings } from './warnings.js';

/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFF = 116444736000000000n;
const TICKS_PER_MS = 10000n;
/** Times before this (1970-01-01) cannot be a real file's, after now + 1 year neither. */
const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * A FILETIME (UTC) as ISO 8601 with all seven fractional digits, e.g. 2016-01-13T22:05:51.2812500Z,
 * so no precision is lost against tools printing nanoseconds. 0 (never set) gives null.
 */
export function filetimeToIso(value: bigint): string | null {
  if (value === 0n) return null;
  const sinceUnix = value - EPOCH_DIFF;
  const ms = sinceUnix / TICKS_PER_MS - (sinceUnix % TICKS_PER_MS < 0n ? 1n : 0n);
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const ticks = Number(((value % 10000000n) + 10000000n) % 10000000n);
  // Replacing the milliseconds keeps extended years (garbage values) well-formed.
  return date.toISOString().replace(/\.\d{3}Z$/, `.${ticks.toString().padStart(7, '0')}Z`);
}

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
