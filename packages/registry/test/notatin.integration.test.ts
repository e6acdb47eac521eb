import { describe, expect, test } from 'vitest';
import { openHive } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { keyDiff } from './support/key-diff.js';
import { notatinDump } from './support/notatin.js';
import { compareWithNotatin } from './support/notatin-compare.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';
import { toolGate } from './support/tools.js';

const gate = HAVE_SAMPLES ? toolGate('reg_dump') : { skip: true, reason: NO_SAMPLES_REASON };

const ROOT = '{6214ff27-7b1b-41a3-9ae4-5fb851ffed63}\\key_with_many_subkeys';

/**
 * What our old-format replay of yarp's OldDirtyHive.LOG1 changes (yarp's own test: key 1 deleted,
 * find_me_in_log added, a value under 4500), which notatin does not apply: it reads only HvLE
 * entries, and an old-format (DIRT) log has none. regipy applies the same change (see its test).
 */
const OLD_FORMAT_REPLAY = {
  removed: [`${ROOT}\\1`],
  added: [`${ROOT}\\5000\\find_me_in_log`],
  changed: [
    `${ROOT}: 2017-03-04T14:50:13.1506016Z -> 2017-03-06T03:14:37.1980000Z, 0 -> 0 values`,
    `${ROOT}\\4500: 2017-03-04T14:50:13.1435792Z -> 2017-03-06T03:15:11.8612000Z, 0 -> 1 values`,
    `${ROOT}\\5000: 2017-03-04T14:50:13.1506016Z -> 2017-03-06T03:14:43.3132000Z, 0 -> 0 values`,
  ],
};

/**
 * Replay against a reference that replays: notatin's reg_dump applies NAME.LOG1/LOG2 itself, so
 * every dirty hive with logs is compared after replay (keys in order, last-write times, values).
 */
describe.skipIf(gate.skip)(
  gate.skip ? `replay vs notatin (${gate.reason})` : 'replay vs notatin',
  () => {
    for (const entry of CORPUS.filter((c) => c.dirty && c.logs.length > 0)) {
      test(entry.path, async () => {
        const logs = entry.logs.map(sample);
        const replayed = await openHive(sample(entry.path), { logs });
        expect(replayed.replay.applied).toBe(true);
        const ours = [...replayed.walk()];
        const ref = await notatinDump(sample(entry.path), logs);
        const formats = new Set(replayed.replay.logs.map((l) => l.format));
        if (formats.has('new')) {
          expect(compareWithNotatin(ours, ref)).toEqual([]);
          return;
        }
        // Old format: notatin's output must be the hive as stored, and differ from ours by exactly the replay.
        expect([...formats]).toEqual(['old']);
        const asStored = [...(await openHive(sample(entry.path))).walk()];
        expect(compareWithNotatin(asStored, ref)).toEqual([]);
        expect(keyDiff(asStored, ours)).toEqual(OLD_FORMAT_REPLAY);
      });
    }
  },
  120_000,
);
