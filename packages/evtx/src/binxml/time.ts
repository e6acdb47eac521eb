import { civilFromDays } from '@quarry/binary';

const TICKS_PER_SEC = 10_000_000;
const SECS_PER_DAY = 86_400;

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** Fields of a time: year, month, day, hour, minute, second, 100 ns ticks. Reused, not returned fresh. */
export type TimeFields = Int32Array;
const scratch: TimeFields = new Int32Array(7);

/** The last date computed: records come in time order, so most share their neighbour's day. */
let lastDays = -1;
const lastDate = new Int32Array(3);

/** Days from 1601-01-01 (the FILETIME epoch) to 1970-01-01. */
const DAYS_1601_TO_1970 = 134_774;

/** Fills `f` with the proleptic Gregorian date `days` after 1601-01-01. */
function civil(days: number, f: TimeFields): void {
  if (days !== lastDays) {
    civilFromDays(days - DAYS_1601_TO_1970, lastDate);
    lastDate[0] = lastDate[0]! % 10_000;
    lastDays = days;
  }
  f[0] = lastDate[0]!;
  f[1] = lastDate[1]!;
  f[2] = lastDate[2]!;
}

/** A FILETIME (100 ns since 1601, in 32-bit halves) into `f`; all zero when out of range. */
export function filetimeFields(lo: number, hi: number, f: TimeFields): void {
  if (hi >= 0x80000000) {
    f.fill(0);
    return;
  }
  // Split so no intermediate exceeds 2^53: hi * 2^32 = hi * (429 * 10^7 + 4967296).
  const hiSecs = hi * 429;
  const rest = hi * 4_967_296 + lo;
  const secs = hiSecs + Math.floor(rest / TICKS_PER_SEC);
  const days = Math.floor(secs / SECS_PER_DAY);
  const sod = secs - days * SECS_PER_DAY;
  civil(days, f);
  f[3] = Math.floor(sod / 3600);
  f[4] = Math.floor(sod / 60) % 60;
  f[5] = sod % 60;
  f[6] = rest % TICKS_PER_SEC;
}

function stamp(f: TimeFields): string {
  return `${pad(f[0]!, 4)}-${pad(f[1]!, 2)}-${pad(f[2]!, 2)}T${pad(f[3]!, 2)}:${pad(f[4]!, 2)}:${pad(f[5]!, 2)}.${pad(f[6]!, 7)}Z`;
}

/** FILETIME (100 ns since 1601) split in 32-bit halves, as `YYYY-MM-DDTHH:MM:SS.fffffffZ`. */
export function formatFiletime(lo: number, hi: number): string {
  filetimeFields(lo, hi, scratch);
  return stamp(scratch);
}

/** FILETIME halves to a JS Date (millisecond precision). */
export function filetimeToDate(lo: number, hi: number): Date {
  return new Date((hi * 4_294_967_296 + lo) / 10_000 - 11_644_473_600_000);
}

function daysInMonth(y: number, m: number): number {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (m === 2) return leap ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** SYSTEMTIME (eight u16: year, month, weekday, day, h, m, s, ms) into `f`; invalid ones as 1601-01-01. */
export function systemtimeFields(buf: Buffer, p: number, f: TimeFields): void {
  const y = buf.readUInt16LE(p);
  const mo = buf.readUInt16LE(p + 2);
  const d = buf.readUInt16LE(p + 6);
  const h = buf.readUInt16LE(p + 8);
  const mi = buf.readUInt16LE(p + 10);
  const s = buf.readUInt16LE(p + 12);
  const ms = buf.readUInt16LE(p + 14);
  const valid = y >= 1601 && y <= 30827 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h < 24 && mi < 60 && s < 60 && ms < 1000;
  f.set(valid ? [y % 10_000, mo, d, h, mi, s, ms * 10_000] : [1601, 1, 1, 0, 0, 0, 0]);
}

export function formatSystemtime(buf: Buffer, p: number): string {
  systemtimeFields(buf, p, scratch);
  return stamp(scratch);
}
