/*
 * What the trigram index (trigram-index.ts) leaves out: parts made only of the characters of
 * times and numbers (digits, `-`, `:`, `.`, space, and the `t`, `u`, `c`, `z` of ISO-8601 and
 * "UTC") — the Timestamp cell, record ids, event-data times such as Sysmon's UtcTime, process ids.
 * They differ on nearly every row, so they cost the index's build much and narrow little: a needle
 * found inside one is made of those characters too, and such a needle is not narrowed by the
 * index (the rows are checked one by one, as for 1-2 character searches). They stay in `rows.text`.
 */

/** Holds a character that lets the index narrow (outside the set above; newlines, around a filter's value, do not count). */
const NARROWING = /[^\d\-: .tucz\n]/;

/** True for a lowercased part the index holds. */
export function indexHolds(part: string): boolean {
  return NARROWING.test(part);
}

/**
 * True when the index can narrow by `needle` (lowercased; filter needles carry newlines around
 * the value): only a part the index holds can contain it.
 */
export function indexCanNarrow(needle: string): boolean {
  return NARROWING.test(needle);
}
