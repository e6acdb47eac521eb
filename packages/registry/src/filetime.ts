const TWO_32 = 4294967296;
/** Seconds from 1601-01-01 to 1970-01-01. */
const EPOCH_DIFF_S = 11644473600;
/** Year 10000 begins here (seconds since 1601); later values cannot be real write times. */
const MAX_SECONDS = 265046774400;

/**
 * FILETIME given as its two 32-bit halves (100 ns ticks since 1601, UTC) to ISO-8601 with all 7
 * fractional digits; null for 0 or out of range. Plain numbers keep this off bigint, which
 * dominated walk time: the 100 ns remainder is computed exactly by modular arithmetic, and the
 * whole seconds by rounding a quotient whose error is far below one.
 */
export function filetimePartsToIso(low: number, high: number): string | null {
  if (low === 0 && high === 0) return null;
  const frac = ((high % 10_000_000) * (TWO_32 % 10_000_000) + (low % 10_000_000)) % 10_000_000;
  const secs = Math.round((high * TWO_32 + low - frac) / 10_000_000);
  if (secs >= MAX_SECONDS) return null;
  // Adding 10^7 gives the 7 fractional digits with their leading zeros, after the leading 1.
  return `${civil(secs - EPOCH_DIFF_S)}.${String(frac + 10_000_000).slice(1)}Z`;
}

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '0000000'.slice(0, width - s.length) + s;
}

/** Keys of one hive cluster on few days, so each day's date text is built once; cleared when it grows. */
const dayText = new Map<number, string>();
const DAY_CACHE_LIMIT = 4096;
/** "00" to "59": hours, minutes and seconds need no padding logic. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** Unix seconds to "YYYY-MM-DDTHH:MM:SS"; the date part comes from the per-day cache. */
function civil(unix: number): string {
  const days = Math.floor(unix / 86400);
  const rem = unix - days * 86400;
  let date = dayText.get(days);
  if (date === undefined) {
    if (dayText.size >= DAY_CACHE_LIMIT) dayText.clear();
    date = civilDate(days);
    dayText.set(days, date);
  }
  const h = Math.floor(rem / 3600);
  const m = Math.floor(rem / 60) % 60;
  return `${date}T${TWO_DIGITS[h]!}:${TWO_DIGITS[m]!}:${TWO_DIGITS[rem % 60]!}`;
}

/**
 * Days since 1970 to "YYYY-MM-DD" by the days-to-civil-date algorithm (H. Hinnant): about twice
 * as fast as Date#toISOString.
 */
function civilDate(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function filetimeToIso(ft: bigint): string | null {
  return filetimePartsToIso(Number(ft & 0xffffffffn), Number((ft >> 32n) & 0xffffffffn));
}
