/** The last second formatted, and its text up to the milliseconds: neighbouring records share it. */
let lastSecond = NaN;
let lastPrefix = '';
/** Years 1970-9999: where the second's text is a fixed-width prefix of the full text. */
const CACHED_UNTIL = Date.UTC(10000, 0, 1);

/**
 * The Timestamp / Last Write Time cell form, as every insight writes times (INSIGHTS.md §1):
 * `YYYY-MM-DD HH:MM:SS.mmm UTC`, truncated to the millisecond; "" when there is no time.
 */
export function formatUtc(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  if (ms < 0 || ms >= CACHED_UNTIL) {
    const iso = new Date(ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
  }
  const whole = Math.trunc(ms);
  const second = Math.floor(whole / 1000);
  if (second !== lastSecond) {
    const iso = new Date(second * 1000).toISOString();
    lastPrefix = `${iso.slice(0, 10)} ${iso.slice(11, 19)}.`;
    lastSecond = second;
  }
  const milli = whole - second * 1000;
  return `${lastPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli} UTC`;
}

/** Unix ms of ISO-8601 text with any number of fraction digits (the parsers give 7); null when unparsable. */
export function isoToMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
