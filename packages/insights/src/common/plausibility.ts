/**
 * What a correct decoder can emit (issue 36, "no garbage as a finding"). A decoder that reads a
 * structure with the wrong layout, or damaged bytes, produces times in 1601 or far in the future,
 * paths of random characters and counts larger than the structure: such a value is not evidence,
 * and showing it as a table row would mislead the analyst. The rules are per kind of cell; each
 * returns why a value is implausible, or null. An absent value (no time recorded, FILETIME 0,
 * "never") is absence, not garbage: callers pass it as null and it passes.
 */

/** The kinds of decoded value the guard judges. */
export type CellKind = 'time' | 'name' | 'text' | 'count';

/** Unix ms bounds of a plausible time. */
export interface TimeBounds {
  floor: number;
  ceiling: number;
}

/** No Windows artifact records a time before 1980 (the FAT epoch; NT 3.1, the oldest hive format, shipped in 1993). */
export const EARLIEST_PLAUSIBLE = Date.UTC(1980, 0, 1);
/** Slack after the collection time: clocks drift and time zones are misset by hours, not days. */
export const COLLECTION_SLACK_MS = 86_400_000;

/**
 * Bounds for a job: 1980-01-01 to the collection time plus a day. The collection time is the
 * latest trustworthy time of the evidence (a hive's last-written time, the newest record), never
 * later than now; without one, now.
 */
export function timeBounds(collected: number | null, now: number = Date.now()): TimeBounds {
  const at = collected === null || !Number.isFinite(collected) || collected < EARLIEST_PLAUSIBLE ? now : Math.min(collected, now);
  return { floor: EARLIEST_PLAUSIBLE, ceiling: at + COLLECTION_SLACK_MS };
}

const CELL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3}) UTC$/;

/**
 * Unix ms of a time as decoders and cells give it: Unix ms, ISO-8601 (any fraction digits), or a
 * cell (`YYYY-MM-DD HH:MM:SS.mmm UTC`). null for absence ("" or null); NaN for text that is no time.
 */
export function timeMs(t: string | number | null | undefined): number | null {
  if (t === null || t === undefined || t === '') return null;
  if (typeof t === 'number') return t;
  const cell = CELL_TIME.exec(t);
  if (cell) {
    const [y, mo, d, h, mi, s, ms] = cell.slice(1).map(Number) as [number, number, number, number, number, number, number];
    return Date.UTC(y, mo - 1, d, h, mi, s, ms);
  }
  // Date.parse takes at most 3 fraction digits reliably; FILETIME text carries 7.
  return Date.parse(t.replace(/(\.\d{3})\d+/, '$1'));
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A time outside the bounds (or no time at all) is implausible; absence is not. */
export function implausibleTime(t: string | number | null | undefined, bounds: TimeBounds): string | null {
  const ms = timeMs(t);
  if (ms === null) return null;
  if (!Number.isFinite(ms)) return 'not a time';
  if (ms < bounds.floor) return `time in ${new Date(ms).getUTCFullYear()}, before 1980-01-01`;
  if (ms > bounds.ceiling) return `time in ${new Date(ms).getUTCFullYear()}, after ${day(bounds.ceiling)} (the collection time + 1 day)`;
  return null;
}

/**
 * Characters no decoded path or name holds: a lone UTF-16 surrogate (a misaligned or cut string),
 * U+FFFD (bytes that were not text), C0 and C1 controls. TAB is allowed: Windows 10 writes
 * packaged-app ShimCache entries as TAB-separated package identities. Free text may also hold LF, CR.
 */
function badCharacter(s: string, freeText: boolean): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `unpaired surrogate U+${c.toString(16).toUpperCase()} at character ${i}`;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `unpaired surrogate U+${c.toString(16).toUpperCase()} at character ${i}`;
    if (c === 0xfffd) return `replacement character U+FFFD at character ${i}`;
    const allowed = c === 0x09 || (freeText && (c === 0x0a || c === 0x0d));
    if (!allowed && (c < 0x20 || (c >= 0x7f && c <= 0x9f))) return `control character U+${c.toString(16).toUpperCase().padStart(4, '0')} at character ${i}`;
  }
  return null;
}

/** A path or name (file, key, program, device): no control character but TAB. */
export const implausibleName = (s: string | null | undefined): string | null => (s ? badCharacter(s, false) : null);

/** Free text (details, descriptions, command lines): TAB, LF and CR may appear. */
export const implausibleText = (s: string | null | undefined): string | null => (s ? badCharacter(s, true) : null);

/** A count read from a structure larger than the structure could hold (or negative, or no integer). */
export function implausibleCount(n: number | null | undefined, max: number): string | null {
  if (n === null || n === undefined) return null;
  if (!Number.isInteger(n) || n < 0) return `count ${n} is not a whole number`;
  return n > max ? `count ${n} exceeds the ${max} the structure can hold` : null;
}

/** A cell's value judged by its kind; for counts, `max` is what the structure can hold. */
export function implausible(kind: CellKind, value: string | number | null | undefined, bounds: TimeBounds, max = Number.MAX_SAFE_INTEGER): string | null {
  switch (kind) {
    case 'time':
      return implausibleTime(value, bounds);
    case 'name':
      return implausibleName(value === null || value === undefined ? null : String(value));
    case 'text':
      return implausibleText(value === null || value === undefined ? null : String(value));
    case 'count':
      return implausibleCount(value === null || value === undefined || value === '' ? null : Number(value), max);
  }
}

/**
 * A value as a warning may quote it: controls, surrogates and U+FFFD escaped (`\u0007`), cut to
 * 120 characters, so the warning never carries the garbage it reports.
 */
export function quoteValue(value: string | number): string {
  const s = String(value);
  const cut = s.length > 120 ? `${s.slice(0, 120)}…` : s;
  let out = '';
  for (const ch of cut) {
    const c = ch.charCodeAt(0);
    const escape = ch.length === 1 && (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffd);
    out += escape ? `\\u${c.toString(16).padStart(4, '0')}` : ch === '"' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `"${out}"`;
}
