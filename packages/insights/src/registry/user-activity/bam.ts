import { filetimeToIso } from '@quarry/registry';
import type { HiveKeys } from '../store/hive-keys.js';
import type { SlimKey, SlimValue } from '../store/slim-key.js';

/** bam (1709+: Services\bam\UserSettings; 1809+: Services\bam\State\UserSettings) and dam, per user SID. */
const ROOTS = ['CCS\\Services\\bam\\State\\UserSettings', 'CCS\\Services\\bam\\UserSettings', 'CCS\\Services\\dam\\State\\UserSettings', 'CCS\\Services\\dam\\UserSettings'];
export const BAM_PATTERNS = ROOTS.map((r) => `${r}\\*`);

export interface BamEntry {
  hive: HiveKeys;
  key: SlimKey;
  sid: string;
  value: SlimValue;
  program: string;
  lastRun: string | null;
}

/** Each value of a SID key is a program path; its data starts with the last run FILETIME. */
export function bamEntries(hive: HiveKeys): BamEntry[] {
  const out: BamEntry[] = [];
  for (const root of ROOTS) {
    for (const key of hive.children(root)) {
      for (const v of key.values) {
        if (!Buffer.isBuffer(v.data) || v.data.length < 8) continue;
        out.push({ hive, key, sid: key.name, value: v, program: v.name, lastRun: filetimeToIso(v.data.readBigUInt64LE(0)) });
      }
    }
  }
  return out;
}
