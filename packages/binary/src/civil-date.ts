/**
 * The proleptic Gregorian date `days` after 1970-01-01 (negative before it) into `out` as year,
 * month (1–12) and day: H. Hinnant's days-to-civil algorithm, exact over the whole FILETIME range
 * and much cheaper than going through Date. Writes into `out` so hot loops allocate nothing.
 */
export function civilFromDays(days: number, out: Int32Array): void {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  out[0] = era * 400 + yoe + (month <= 2 ? 1 : 0);
  out[1] = month;
  out[2] = doy - Math.floor((153 * mp + 2) / 5) + 1;
}
