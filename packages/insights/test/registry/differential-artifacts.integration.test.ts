import { spawnSync } from 'node:child_process';
import { toolGate } from '@quarry/testkit';
import { describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { samplePath } from '../support/inputs.js';
import type { Comparator, HiveUnderTest } from './differential/comparator.js';
import { COMPARATORS } from './differential/index.js';
import { REGIPY, REGIPY_SHELLBAGS, regipy } from './support/reference.js';
import { registryJob } from './support/run-registry.js';

/**
 * The user-activity and Amcache comparators over every sample hive they apply to, until the
 * differential runner covers them. Each hive runs alone, first without its logs (regipy reads the
 * primary file as it is, so both sides see the same keys), then the dirty ones with their logs
 * replayed on our side: what the logs changed must be explained as such.
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

/** The dirty sample hives and their transaction logs. */
const LOGS: Record<string, string[]> = {
  'regipy/UsrClass.dat': ['regipy/UsrClass.dat.LOG1', 'regipy/UsrClass.dat.LOG2'],
  'regipy/SYSTEM_B': ['regipy/SYSTEM_B.LOG1', 'regipy/SYSTEM_B.LOG2'],
  'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve': ['DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG1', 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG2'],
  'regipy/transactions_NTUSER.DAT': ['regipy/transactions_ntuser.dat.log1', 'regipy/transactions_ntuser.dat.log2'],
};

/** Comparators whose reference needs libfwsi (regipy's shellbag plugins; OpenSave's PIDLs through support/regipy_comdlg32.py). */
const needsFwsi = (c: Comparator): boolean => c.regipyPlugins.some((p) => p.includes('shellbag')) || c.artifact === 'OpenSave';

/** Amcache, RecentDocs and OpenSave read regfexport's listing where regipy has no (working) plugin. */
const REGFEXPORT = toolGate('regfexport (apt-get install libregf-utils)', spawnSync('regfexport', ['-V'], { stdio: 'ignore' }).error === undefined);
const needsRegfexport = (c: Comparator): boolean => ['Amcache', 'RecentDocs', 'OpenSave'].includes(c.artifact);

/** Each hive's job and regipy run once, with every comparator's plugins together (as the runner does). */
const runs = new Map<string, Promise<{ ours: Insight[]; ref: Record<string, unknown> }>>();
function run(hive: HiveUnderTest, withLogs: boolean): Promise<{ ours: Insight[]; ref: Record<string, unknown> }> {
  const plugins = [...new Set(COMPARATORS.filter((c) => c.appliesTo(hive) && !(needsFwsi(c) && REGIPY_SHELLBAGS.skip)).flatMap((c) => c.regipyPlugins))];
  const id = `${hive.label}${withLogs ? ' +logs' : ''}`;
  let p = runs.get(id);
  if (!p) {
    p = (async () => ({ ours: await registryJob([hive.label, ...(withLogs ? (LOGS[hive.label] ?? []) : [])]), ref: await regipy(hive.label, ...plugins) }))();
    runs.set(id, p);
  }
  return p;
}

describe.skipIf(REGIPY.skip)(`registry differential: Amcache and user activity vs regipy/regfexport ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  for (const withLogs of [false, true]) {
    for (const comparator of COMPARATORS) {
      const hives = HIVES.filter((h) => comparator.appliesTo(h) && (!withLogs || LOGS[h.label]));
      if (hives.length === 0) continue;
      const how = withLogs ? 'with logs replayed on our side' : 'primary files';
      it.skipIf((needsFwsi(comparator) && REGIPY_SHELLBAGS.skip) || (needsRegfexport(comparator) && REGFEXPORT.skip))(`${comparator.artifact}: every entry equal or explained on ${hives.length} hive(s), ${how}`, async () => {
        let compared = 0;
        for (const hive of hives) {
          const { ours, ref } = await run(hive, withLogs);
          const result = comparator.compare(ours, ref, hive);
          compared += result.compared;
          expect(result.unexplained, `${comparator.artifact} on ${hive.label} (${how})`).toEqual([]);
          expect(result.compared).toBe(result.equal + result.explained.filter((e) => !e.key.startsWith('regipy ')).length);
        }
        // Every artifact is on some primary file; the one dirty NTUSER hive has no ComDlg32 keys.
        if (!withLogs) expect(compared).toBeGreaterThan(0);
      }, 300_000);
    }
  }
});
