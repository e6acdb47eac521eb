import { describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { samplePath } from '../support/inputs.js';
import type { Comparator, HiveUnderTest } from './differential/comparator.js';
import { COMPARATORS } from './differential/index.js';
import { REGIPY, REGIPY_SHELLBAGS, regipy } from './support/reference.js';
import { registryJob } from './support/run-registry.js';

/**
 * The user-activity and Amcache comparators over every sample hive they apply to, until the
 * differential runner covers them. Each hive runs alone and without its logs: regipy reads the
 * primary file as it is, so both sides see the same keys.
 */
const HIVES: HiveUnderTest[] = [
  { rel: 'plaso/win10-Amcache.hve', kind: 'AMCACHE' },
  { rel: 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve', kind: 'AMCACHE' },
  { rel: 'DFIRArtifactMuseum/Amcache_Win2012R2_StolenSzechuan/Amcache.hve', kind: 'AMCACHE' },
  { rel: 'plaso/NTUSER.DAT', kind: 'NTUSER' },
  { rel: 'plaso/NTUSER-WIN7.DAT', kind: 'NTUSER' },
  { rel: 'regipy/NTUSER.DAT', kind: 'NTUSER' },
  { rel: 'dfwinreg/NTUSER.DAT', kind: 'NTUSER' },
  { rel: 'regipy/transactions_NTUSER.DAT', kind: 'NTUSER' },
  { rel: 'regipy/UsrClass.dat', kind: 'USRCLASS' },
  { rel: 'EricZimmerman-Registry/UsrClassDeletedBags.dat', kind: 'USRCLASS' },
  { rel: 'regipy/SYSTEM_B', kind: 'SYSTEM' },
].map(({ rel, kind }) => ({ path: samplePath(`registry/${rel}`), label: rel, kind }));

/** Comparators whose reference needs libfwsi (regipy's shellbag plugins; OpenSave's PIDLs through support/regipy_comdlg32.py). */
const needsFwsi = (c: Comparator): boolean => c.regipyPlugins.some((p) => p.includes('shellbag')) || c.artifact === 'OpenSave';

/** Each hive's job and regipy run once, with every comparator's plugins together (as the runner does). */
const runs = new Map<string, Promise<{ ours: Insight[]; ref: Record<string, unknown> }>>();
function run(hive: HiveUnderTest): Promise<{ ours: Insight[]; ref: Record<string, unknown> }> {
  const plugins = [...new Set(COMPARATORS.filter((c) => c.appliesTo(hive) && !(needsFwsi(c) && REGIPY_SHELLBAGS.skip)).flatMap((c) => c.regipyPlugins))];
  let p = runs.get(hive.label);
  if (!p) {
    p = (async () => ({ ours: await registryJob([hive.label]), ref: await regipy(hive.label, ...plugins) }))();
    runs.set(hive.label, p);
  }
  return p;
}

describe.skipIf(REGIPY.skip)(`registry differential: Amcache and user activity vs regipy/regfexport ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  for (const comparator of COMPARATORS) {
    const hives = HIVES.filter((h) => comparator.appliesTo(h));
    if (hives.length === 0) continue;
    it.skipIf(needsFwsi(comparator) && REGIPY_SHELLBAGS.skip)(`${comparator.artifact}: every entry equal or explained on ${hives.length} hive(s)`, async () => {
      let compared = 0;
      for (const hive of hives) {
        const { ours, ref } = await run(hive);
        const result = comparator.compare(ours, ref, hive);
        compared += result.compared;
        expect(result.unexplained, `${comparator.artifact} on ${hive.label}`).toEqual([]);
        expect(result.compared).toBe(result.equal + result.explained.filter((e) => !e.key.startsWith('regipy ')).length);
      }
      expect(compared).toBeGreaterThan(0);
    }, 300_000);
  }
});
