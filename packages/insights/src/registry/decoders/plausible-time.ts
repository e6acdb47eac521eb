import { filetimeToIso } from '@quarry/registry';
import { COLLECTION_SLACK_MS, EARLIEST_PLAUSIBLE } from '../../common/plausibility.js';

// The job-wide guard's bounds (common/plausibility.ts), applied as the decoder reads the value.
const EARLIEST = new Date(EARLIEST_PLAUSIBLE).toISOString();

/** A decoded time: `iso` when it is one a correct decoder can emit, else `bad` says why (never both). */
export interface CheckedTime {
  iso: string | null;
  bad: string | null;
}

/** An ISO time checked against 1980 and now (+1 day) as it is decoded: a time outside them comes from a wrong layout or damage. */
export function checkIso(iso: string | null, now = Date.now()): CheckedTime {
  if (iso === null) return { iso: null, bad: null };
  if (iso < EARLIEST) return { iso: null, bad: `time ${iso.slice(0, 19)} is before 1980` };
  if (Date.parse(iso) > now + COLLECTION_SLACK_MS) return { iso: null, bad: `time ${iso.slice(0, 19)} is in the future` };
  return { iso, bad: null };
}

/** A FILETIME read at `at`: 0 means "never" (no time, no complaint); out-of-range values are `bad`. */
export function checkedFiletime(buf: Buffer, at: number, now = Date.now()): CheckedTime {
  if (at + 8 > buf.length) return { iso: null, bad: `FILETIME at ${at} is past the data's end (${buf.length} bytes)` };
  const ft = buf.readBigUInt64LE(at);
  if (ft === 0n) return { iso: null, bad: null };
  const iso = filetimeToIso(ft);
  if (iso === null) return { iso: null, bad: `FILETIME 0x${ft.toString(16)} is out of range` };
  return checkIso(iso, now);
}
