import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { Hive, openHive } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

describe.skipIf(!HAVE_SAMPLES)(`Hive.keyAt${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  for (const entry of CORPUS) {
    test(`${entry.path}${entry.logs.length > 0 ? ' (logs replayed)' : ''}: the bytes parsed, opened again, give each walked key back by its offset`, async () => {
      const hive = await openHive(sample(entry.path), { logs: entry.logs.map(sample) });
      // A fresh Hive over the parsed bytes (the replayed copy when logs were applied), as a store reopens them.
      const again = new Hive(hive.data);
      let checked = 0;
      for (const key of hive.walk()) {
        // Warnings the walk adds, and a damaged security cell reported on its first key only, are the walk's own.
        if (key.warnings.length > 0 || key.security === null) continue;
        const got = again.keyAt(key.offset, key.path);
        if (!isDeepStrictEqual(got, key)) expect(got).toEqual(key);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
