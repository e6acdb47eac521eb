import { civilFromDays } from '@quarry/binary';

const TWO_32 = 4294967296;
/** Seconds from 1601-01-01 to 1970-01-01. */
const EPOCH_DIFF_S = 11644473600;
/** Year 10000 begins here (seconds since 1601); later values cannot be real write times. */
const MAX_SECONDS = 265046774400;

const TWO_32_MOD = TWO_32 % 10_000_000;

/**
 * x mod 10^7 for integers 0 <= x < 2^53, exact: the quotient's rounding error is far below the
 * 10^-7 gap to the next integer. The `%` operator on doubles compiles to a C call.
 */
function mod1e7(x: number): number {
  return x - Math.floor(x / 10_000_000) * 10_000_000;
}

/**
 * The last split time: whole seconds since 1970 and the 100 ns remainder (0 to 9,999,999). One
 * module-level record rather than an object per call, which the CLI would make for every key.
 */
const split = { unix: 0, frac: 0 };

/**
 * FILETIME halves (100 ns ticks since 1601, UTC) into `split`; false for 0 or out of range. Plain
 * numbers keep this off bigint, which dominated walk time: the remainder is computed exactly by modular
 * arithmetic, and the whole seconds by rounding a quotient whose error is far below one.
 */
function splitFiletime(low: number, high: number): boolean {
  if (low === 0 && high === 0) return false;
  const frac = mod1e7(mod1e7(high) * TWO_32_MOD + mod1e7(low));
  const secs = Math.round((high * TWO_32 + low - frac) / 10_000_000);
  if (secs >= MAX_SECONDS) return false;
  split.unix = secs - EPOCH_DIFF_S;
  split.frac = frac;
  return true;
}

/** Whether filetimePartsToIso would give a time (not null), without building the text. */
export function filetimeValid(low: number, high: number): boolean {
  return splitFiletime(low, high);
}

/** FILETIME halves to ISO-8601 UTC with all 7 fractional digits; null for 0 or out of range. */
export function filetimePartsToIso(low: number, high: number): string | null {
  if (!splitFiletime(low, high)) return null;
  // Adding 10^7 gives the 7 fractional digits with their leading zeros, after the leading 1.
  return `${civil(split.unix)}.${String(split.frac + 10_000_000).slice(1)}Z`;
}

/** Siblings share a write day more often than not: the last day's "YYYY-MM-DD" is kept as bytes. */
let lastDay = NaN;
const lastDayBytes = Buffer.alloc(10);

/** `n` (0 to 99) as two digits; `n` is an int32, so `%` and `| 0` stay integer operations. */
function twoDigits(n: number, out: Buffer, pos: number): void {
  out[pos] = 0x30 + ((n / 10) | 0);
  out[pos + 1] = 0x30 + (n % 10);
}

/**
 * The JSON of filetimePartsToIso (`"…Z"` or `null`) written as bytes, for the CLI: no string is
 * built per key except the cached date. Returns the position after it.
 */
export function filetimeJson(low: number, high: number, out: Buffer, pos: number): number {
  if (!splitFiletime(low, high)) {
    out[pos] = 0x6e; // null
    out[pos + 1] = 0x75;
    out[pos + 2] = 0x6c;
    out[pos + 3] = 0x6c;
    return pos + 4;
  }
  const days = Math.floor(split.unix / 86400);
  // The time of day and the fraction fit in int32: `| 0` lets V8 use integer division and modulo,
  // where `%` on doubles is a call into C (it was a quarter of this function's time).
  const rem = (split.unix - days * 86400) | 0;
  if (days !== lastDay) {
    lastDay = days;
    lastDayBytes.write(dayText(days), 'latin1');
  }
  out[pos++] = 0x22;
  for (let i = 0; i < 10; i++) out[pos++] = lastDayBytes[i]!;
  out[pos] = 0x54; // T
  twoDigits((rem / 3600) | 0, out, pos + 1);
  out[pos + 3] = 0x3a;
  twoDigits(((rem / 60) | 0) % 60, out, pos + 4);
  out[pos + 6] = 0x3a;
  twoDigits(rem % 60, out, pos + 7);
  out[pos + 9] = 0x2e;
  let frac = split.frac | 0;
  for (let i = pos + 16; i > pos + 9; i--) {
    out[i] = 0x30 + (frac % 10);
    frac = (frac / 10) | 0;
  }
  out[pos + 17] = 0x5a; // Z
  out[pos + 18] = 0x22;
  return pos + 19;
}

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '0000000'.slice(0, width - s.length) + s;
}

/** Keys of one hive cluster on few days, so each day's date text is built once; cleared when it grows. */
const dayTexts = new Map<number, string>();
const DAY_CACHE_LIMIT = 4096;
/** "00" to "59": hours, minutes and seconds need no padding logic. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

function dayText(days: number): string {
  let date = dayTexts.get(days);
  if (date === undefined) {
    if (dayTexts.size >= DAY_CACHE_LIMIT) dayTexts.clear();
    date = civilDate(days);
    dayTexts.set(days, date);
  }
  return date;
}

/** Unix seconds to "YYYY-MM-DDTHH:MM:SS"; the date part comes from the per-day cache. */
function civil(unix: number): string {
  const days = Math.floor(unix / 86400);
  const rem = unix - days * 86400;
  const date = dayText(days);
  const h = Math.floor(rem / 3600);
  const m = Math.floor(rem / 60) % 60;
  return `${date}T${TWO_DIGITS[h]!}:${TWO_DIGITS[m]!}:${TWO_DIGITS[rem % 60]!}`;
}

/** Days since 1970 to "YYYY-MM-DD" (cached per day by dayText). */
const ymd = new Int32Array(3);
function civilDate(days: number): string {
  civilFromDays(days, ymd);
  return `${pad(ymd[0]!, 4)}-${pad(ymd[1]!, 2)}-${pad(ymd[2]!, 2)}`;
}

export function filetimeToIso(ft: bigint): string | null {
  return filetimePartsToIso(Number(ft & 0xffffffffn), Number((ft >> 32n) & 0xffffffffn));
}
