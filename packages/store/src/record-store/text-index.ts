/*
 * What the trigram index (schema.ts `fts`) leaves out: times — the Timestamp cell
 * (`YYYY-MM-DD HH:MM:SS.mmm UTC`, time-format.ts) and event-data times such as Sysmon's UtcTime
 * (`YYYY-MM-DD HH:MM:SS.mmm`) or ISO-8601 text. They differ on nearly every row, so they cost the
 * index's build much and narrow nothing a time window does not. They are still in `rows.text`;
 * a needle that could lie inside one is simply not narrowed by the index.
 */

/** A lowercased time the index leaves out. */
const TIME_TEXT = /^\d{4}-\d\d-\d\d[ t]\d\d:\d\d:\d\d(?:\.\d{1,9})?(?: utc|z)?$/;
/** Every character such a time holds (and the newlines around a filter's value). */
const TIME_CHARS = /^[\d\-: .tucz\n]*$/;

/** True for a lowercased part the index leaves out. */
export function isTimeText(part: string): boolean {
  return part.length >= 19 && part.length <= 33 && TIME_TEXT.test(part);
}

/**
 * True when the index can narrow by `needle` (lowercased; filter needles carry newlines around
 * the value): when it holds a character no time cell has, no match of it lies in one.
 */
export function indexCanNarrow(needle: string): boolean {
  return !TIME_CHARS.test(needle);
}
