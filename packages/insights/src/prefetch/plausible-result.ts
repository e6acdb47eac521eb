import type { PrefetchResult } from '@quarry/prefetch';
import { implausibleName, implausibleTime, quoteValue, type TimeBounds } from '../common/plausibility.js';
import { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { InputRef } from '../pipeline/input.js';

/** Run FILETIMEs in the uncompressed SCCA data: v17 one at 0x78; v23 one, v26/30/31 eight, from 0x80. */
const runTimeOffset = (version: number, slot: number): number => (version === 17 ? 0x78 : 0x80) + slot * 8;
const hex = (n: number): string => `0x${n.toString(16)}`;

/** The structure name of a rejected run time, which the result types count as a run time out of range. */
export const RUN_TIME_STRUCTURE = 'prefetch last run time';

/**
 * A parsed .pf with what no correct decoder emits taken out (common/plausibility.ts): a run time
 * or volume creation time outside the bounds becomes an unset slot, a file reference or directory
 * whose name holds broken characters is dropped; each one becomes an item with its offset. Zero
 * FILETIMEs are unset slots already (null), not garbage.
 */
export function plausibleResult(result: PrefetchResult, input: InputRef, bounds: TimeBounds): { result: PrefetchResult; implausible: ImplausibleItems } {
  const implausible = new ImplausibleItems();
  const reject = (structure: string, offset: string, reason: string) => implausible.add({ input, structure, offset, reason });

  const lastRunTimes = result.lastRunTimes.map((t, slot) => {
    const why = implausibleTime(t, bounds);
    if (!why) return t;
    reject(RUN_TIME_STRUCTURE, `byte ${hex(runTimeOffset(result.version, slot))} (run slot ${slot + 1})`, why);
    return null;
  });
  const volumes = result.volumes.map((v) => {
    const directories = v.directories.filter((d, i) => {
      const why = implausibleName(d);
      if (why) reject('prefetch directory string', `volume ${v.index} directory ${i}`, `${why} in ${quoteValue(d)}`);
      return !why;
    });
    const why = implausibleTime(v.creationTime, bounds);
    if (why) reject('prefetch volume creation time', `volume information entry ${v.index} (+0x8)`, why);
    return { ...v, directories, creationTime: why ? null : v.creationTime };
  });
  const fileMetrics = result.fileMetrics.filter((m) => {
    const why = implausibleName(m.filename);
    if (why) reject('prefetch file metrics entry', `entry ${m.index}`, `${why} in ${quoteValue(m.filename!)}`);
    return !why;
  });
  const filenames = result.filenames.filter((f) => implausibleName(f) === null);
  const nameWhy = implausibleName(result.executableName);
  if (nameWhy) reject('prefetch executable name', 'byte 0x10', `${nameWhy} in ${quoteValue(result.executableName)}`);
  const executableName = nameWhy ? '' : result.executableName;
  return { result: { ...result, lastRunTimes, volumes, fileMetrics, filenames, executableName }, implausible };
}
