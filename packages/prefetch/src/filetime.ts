/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFF = 116444736000000000n;

/**
 * A FILETIME (UTC) as ISO 8601 with all seven fractional digits, e.g. 2016-01-13T22:05:51.2812500Z,
 * so no precision is lost against tools printing nanoseconds. 0 (never set) gives null.
 */
export function filetimeToIso(value: bigint): string | null {
  if (value === 0n) return null;
  const sinceUnix = value - EPOCH_DIFF;
  const ms = sinceUnix / 10000n - (sinceUnix % 10000n < 0n ? 1n : 0n);
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const ticks = Number(((value % 10000000n) + 10000000n) % 10000000n);
  // Replacing the milliseconds keeps extended years (garbage values) well-formed.
  return date.toISOString().replace(/\.\d{3}Z$/, `.${ticks.toString().padStart(7, '0')}Z`);
}
