import { checkedFiletime } from '../decoders/plausible-time.js';
import type { HiveKeys } from '../store/hive-keys.js';
import type { SlimKey, SlimValue } from '../store/slim-key.js';

/** bam (1709+: Services\bam\UserSettings; 1809+: Services\bam\State\UserSettings) and dam, per user SID. */
const ROOTS = [
  'CCS\\Services\\bam\\State\\UserSettings',
  'CCS\\Services\\bam\\UserSettings',
  'CCS\\Services\\dam\\State\\UserSettings',
  'CCS\\Services\\dam\\UserSettings',
];
export const BAM_PATTERNS = ROOTS.map((r) => `${r}\\*`);

export interface BamEntry {
  hive: HiveKeys;
  key: SlimKey;
  sid: string;
  value: SlimValue;
  program: string;
  lastRun: string | null;
}

/**
 * Each binary value of a SID key is a program path; its data starts with the last run FILETIME
 * (SequenceNumber and Version are DWORDs beside them). A time before 1980 or in the future is
 * refused with a warning.
 */
export function bamEntries(hive: HiveKeys, warn: (note: string) => void): BamEntry[] {
  const out: BamEntry[] = [];
  for (const root of ROOTS) {
    for (const key of hive.children(root)) {
      for (const v of key.values) {
        if (!Buffer.isBuffer(v.data)) continue;
        const t = checkedFiletime(v.data, 0);
        if (t.bad) {
          warn(`BAM/DAM ${key.path}\\${v.name}: ${t.bad}; not shown`);
          continue;
        }
        out.push({ hive, key, sid: key.name, value: v, program: v.name, lastRun: t.iso });
      }
    }
  }
  return out;
}
