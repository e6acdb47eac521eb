import { describe, expect, test } from 'vitest';
import { openHive } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { compareWithHivex, hivexml } from './support/hivex.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';
import { toolGate } from './support/tools.js';

const gate = HAVE_SAMPLES ? toolGate('hivexml') : { skip: true, reason: NO_SAMPLES_REASON };

/**
 * Second reference, independent of libregf: hivex (libhivex-bin). It also prints last-write
 * times (to the second) and shows the data of inline values shorter than 4 bytes, which
 * regfexport misreports. hivex reads the same hives regfexport does.
 */
describe.skipIf(gate.skip)(gate.skip ? `registry vs hivexml (${gate.reason})` : 'registry vs hivexml', () => {
  for (const entry of CORPUS.filter((c) => c.regfexport)) {
    test(entry.path, async () => {
      const ours = [...(await openHive(sample(entry.path))).walk()];
      const ref = await hivexml(sample(entry.path));
      expect(compareWithHivex(ours, ref)).toEqual([]);
      expect(ours.length).toBe(ref.length);
    });
  }
});
