import { describe, expect, test } from 'vitest';
import { openHive, type RegistryKey } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { compareWithRegfexport } from './support/compare.js';
import { regfexport } from './support/regfexport.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';
import { toolGate } from './support/tools.js';

const gate = HAVE_SAMPLES ? toolGate('regfexport') : { skip: true, reason: NO_SAMPLES_REASON };

/**
 * Every hive regfexport can export, read as-is (dirty ones without replay, since libregf does not
 * replay): same keys in the same order, same values with the same names, types, sizes and data,
 * under the normalisations documented in support/compare.ts and the README.
 */
describe.skipIf(gate.skip)(gate.skip ? `registry vs regfexport (${gate.reason})` : 'registry vs regfexport', () => {
  for (const entry of CORPUS.filter((c) => c.regfexport)) {
    test(entry.path, async () => {
      const hive = await openHive(sample(entry.path));
      const ours: RegistryKey[] = [...hive.walk()];
      const ref = await regfexport(sample(entry.path));
      const result = compareWithRegfexport(ours, ref);
      expect(result.mismatches).toEqual([]);
      expect(ours.length).toBe(ref.length);
      expect(ours.length).toBeGreaterThan(0);
    });
  }
});
