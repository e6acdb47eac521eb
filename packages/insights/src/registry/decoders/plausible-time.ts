import { filetimeToIso } from '@quarry/registry';
import { implausibleTime, timeBounds } from '../../common/plausibility.js';

/** A decoded time: `iso` when it is one a correct decoder can emit, else `bad` says why (never both). */
export interface CheckedTime {
  iso: string | null;
  bad: string | null;
}

/** An ISO time checked against 1980 and now (+1 day) as it is decoded: a time outside them comes from a wrong layout or damage. */
export function checkIso(iso: string | null, now = Date.now()): CheckedTime {
  if (iso === null) return { iso: null, bad: null };
  // The job-wide guard (common/plausibility.ts) as the decoder reads the value; its reason names the year
  // only, so a warning never shows the implausible time itself.
  const bad = implausibleTime(iso, timeBounds(null, now));
  return bad ? { iso: null, bad } : { iso, bad: null };
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
