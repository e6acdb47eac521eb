import { describe, expect, test } from 'vitest';
import { openHive } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

describe.skipIf(!HAVE_SAMPLES)(`deleted-entry recovery${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  test('UsrClassDeletedBags.dat: deleted shellbag keys come back, flagged, under their old parents', async () => {
    const hive = await openHive(sample('EricZimmerman-Registry/UsrClassDeletedBags.dat'));
    const { keys, orphanValues } = hive.recoverDeleted();
    expect(keys.length).toBe(4);
    for (const k of keys) {
      expect(k.deleted).toBe(true);
      for (const v of k.values) expect(v.deleted).toBe(true);
    }
    expect(keys.some((k) => /\\Shell\\Bag(MRU|s)/i.test(k.path))).toBe(true);
    expect(orphanValues.length).toBeGreaterThan(0);
    for (const v of orphanValues) expect(v.deleted).toBe(true);
  });

  test('yarp NewDirtyHive after replay: Key2 subkeys deleted by the logged writes are recovered', async () => {
    const hive = await openHive(sample('yarp/NewDirtyHive'), { logs: [sample('yarp/NewDirtyHive.LOG1'), sample('yarp/NewDirtyHive.LOG2')] });
    const deleted = [...hive.walk({ deleted: true })].filter((k) => k.deleted).map((k) => k.name);
    expect(deleted.sort()).toEqual(['Key2_1', 'Key2_2']);
  });

  for (const entry of CORPUS) {
    test(`${entry.path}: recovered entries never overlap live ones`, async () => {
      const hive = await openHive(sample(entry.path), { logs: entry.logs.map(sample) });
      const live = new Set<number>();
      const liveValues = new Set<number>();
      for (const k of hive.walk()) {
        live.add(k.offset);
        for (const v of k.values) liveValues.add(v.offset);
      }
      const { keys, orphanValues } = hive.recoverDeleted();
      for (const k of keys) {
        expect(live.has(k.offset)).toBe(false);
        for (const v of k.values) expect(liveValues.has(v.offset)).toBe(false);
      }
      for (const v of orphanValues) expect(liveValues.has(v.offset)).toBe(false);
    });
  }
});
