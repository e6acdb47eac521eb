import { formatTime } from '../common/time-format.js';

/** Latest time a cell can show (`YYYY-` has four digits); damaged files hold FILETIMEs in year 21923. */
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** FILETIME's epoch, 1601-01-01. */
const MIN_MS = Date.UTC(1601, 0, 1);

/** Unix ms of a parser time (ISO 8601, 100-ns digits), truncated to the ms; null when unset or unshowable. */
export function toMs(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso.replace(/(\.\d{3})\d*Z$/, '$1Z'));
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS ? ms : null;
}

/** `YYYY-MM-DD HH:MM:SS.mmm UTC`, or "" for no time. */
export function cellTime(ms: number | null): string {
  return ms === null ? '' : formatTime(ms);
}
