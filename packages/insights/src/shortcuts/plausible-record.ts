import type { ShortcutRecord } from '@quarry/shortcuts';
import { implausibleName, implausibleTime, quoteValue, type TimeBounds } from '../common/plausibility.js';
import type { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { InputRef } from '../pipeline/input.js';

/** Where a record lies in its input: the link, or its Jump List entry (and the zip member). */
function where(record: ShortcutRecord, member: string | undefined): string {
  const inMember = member ? `${member}: ` : '';
  return `${inMember}${record.entry === null ? 'the link' : `entry ${record.entry}`}`;
}

/**
 * A record with what no correct decoder emits taken out (common/plausibility.ts), so neither the
 * result types nor the Shortcut Table show it: a target time, DestList access time or tracker
 * droid time outside the bounds becomes unset; a target or DestList path with broken characters
 * becomes empty. Each becomes an item naming the header field (byte offsets: MS-SHLLINK 2.1).
 */
export function plausibleRecord(
  record: ShortcutRecord,
  input: InputRef,
  member: string | undefined,
  bounds: TimeBounds,
  implausible: ImplausibleItems,
): ShortcutRecord {
  const at = where(record, member);
  const time = (structure: string, iso: string | null): string | null => {
    const why = implausibleTime(iso, bounds);
    if (why) implausible.add({ input, structure, offset: at, reason: why });
    return why ? null : iso;
  };
  const path = (structure: string, s: string | null): string | null => {
    const why = implausibleName(s);
    if (why) implausible.add({ input, structure, offset: at, reason: `${why} in ${quoteValue(s ?? '')}` });
    return why ? null : s;
  };
  let { link, destList } = record;
  if (link) {
    const h = link.header;
    const header = {
      ...h,
      creationTime: time('link target creation time (header +0x1C)', h.creationTime),
      accessTime: time('link target access time (header +0x24)', h.accessTime),
      writeTime: time('link target write time (header +0x2C)', h.writeTime),
    };
    const tracker = link.tracker ? { ...link.tracker, droidTime: time('tracker droid time', link.tracker.droidTime) } : null;
    link = { ...link, header, tracker, target: { ...link.target, path: path('link target path', link.target.path) } };
  }
  if (destList)
    destList = { ...destList, lastAccess: time('DestList last access time', destList.lastAccess), path: path('DestList path', destList.path) ?? '' };
  return { ...record, link, destList };
}
