import type { LinkReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

/**
 * A FAT (DOS) date and time as stored in shell items: local time, 2-second resolution, as ISO
 * without a zone (e.g. 2010-06-23T07:25:06). 0 (never set) or an impossible value gives null.
 */
export function dosDateTimeToIso(date: number, time: number): string | null {
  if (date === 0 && time === 0) return null;
  const day = date & 0x1f;
  const month = (date >> 5) & 0x0f;
  const year = 1980 + (date >> 9);
  const seconds = (time & 0x1f) * 2;
  const minutes = (time >> 5) & 0x3f;
  const hours = time >> 11;
  if (day < 1 || month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${year}-${TWO[month]}-${TWO[day]}T${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}`;
}

/** "00".."99": shell items carry several DOS times each, so no per-field padStart. */
const TWO = Array.from({ length: 100 }, (_, i) => i.toString().padStart(2, '0'));
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS[month - 1]!;
}

/** The FAT date/time at `at` (date first, as shell items store it); a non-zero impossible value is null with a warning. */
export function readDosDateTime(r: LinkReader, at: number, warnings: Warnings, structure: string): string | null {
  const date = r.u16(at, structure);
  const time = r.u16(at + 2, structure);
  const iso = dosDateTimeToIso(date, time);
  if (iso === null && (date !== 0 || time !== 0)) {
    warnings.add(structure, at, `FAT date 0x${date.toString(16).padStart(4, '0')} time 0x${time.toString(16).padStart(4, '0')} is not a valid date; not shown`);
  }
  return iso;
}
