/** Date-part extraction for the time modifiers (minute … year); no timezone conversion, per spec. */
export type TimePart = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
export const TIME_PARTS: readonly TimePart[] = ['minute', 'hour', 'day', 'week', 'month', 'year'];

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

export function timePart(text: string, part: TimePart): number | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  switch (part) {
    case 'year':
      return year;
    case 'month':
      return month;
    case 'day':
      return day;
    case 'hour':
      return m[4] === undefined ? undefined : Number(m[4]);
    case 'minute':
      return m[5] === undefined ? undefined : Number(m[5]);
    case 'week':
      return isoWeek(year, month, day);
  }
}

/** ISO-8601 week number: the week holding the year's first Thursday is week 1. */
function isoWeek(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
}
