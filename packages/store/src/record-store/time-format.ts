/**
 * The Timestamp / Last Write Time cell form, as every insight writes times (INSIGHTS.md §1):
 * `YYYY-MM-DD HH:MM:SS.mmm UTC`, truncated to the millisecond; "" when there is no time.
 */
export function formatUtc(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
}

/** Unix ms of ISO-8601 text with any number of fraction digits (the parsers give 7); null when unparsable. */
export function isoToMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
