/**
 * Cell form of a time (INSIGHTS.md §1): `YYYY-MM-DD HH:MM:SS.mmm UTC`, truncated (not rounded) to
 * milliseconds. Accepts ISO-8601 text with any number of fractional digits (the registry parser
 * gives 7) or Unix milliseconds; "" for a missing time.
 */
export function formatTime(t: string | number | null | undefined): string {
  if (t === null || t === undefined || t === '') return '';
  if (typeof t === 'number') {
    if (!Number.isFinite(t)) return '';
    const d = new Date(t);
    if (Number.isNaN(d.getTime())) return '';
    return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)} UTC`;
  }
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(t);
  if (!m) return '';
  return `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)} UTC`;
}
