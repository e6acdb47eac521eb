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
 * The user-activity and Amcache comparators on the dirty sample hives with their logs replayed on
 * our side (the differential runner, differential.integration.test.ts, compares every comparator
 * on the primary files alone, as regipy reads them): what the logs changed must be explained as such.
 */
/** The dirty sample hives, their kind and their transaction logs. */
const DIRTY: { rel: string; kind: string; logs: string[] }[] = [
  { rel: 'regipy/UsrClass.dat', kind: 'USRCLASS', logs: ['regipy/UsrClass.dat.LOG1', 'regipy/UsrClass.dat.LOG2'] },
  { rel: 'regipy/SYSTEM_B', kind: 'SYSTEM', logs: ['regipy/SYSTEM_B.LOG1', 'regipy/SYSTEM_B.LOG2'] },
  {
    rel: 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve',
    kind: 'AMCACHE',
    logs: ['DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG1', 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG2'],
  },
  { rel: 'regipy/transactions_NTUSER.DAT', kind: 'NTUSER', logs: ['regipy/transactions_ntuser.dat.log1', 'regipy/transactions_ntuser.dat.log2'] },
];
const HIVES: HiveUnderTest[] = DIRTY.map(({ rel, kind }) => ({ path: samplePath(`registry/${rel}`), label: rel, kind }));
const LOGS = new Map(DIRTY.map((d) => [d.rel, d.logs]));

/** Comparators whose reference needs libfwsi (regipy's shellbag plugins; OpenSave's PIDLs through support/regipy_comdlg32.py). */
const needsFwsi = (c: Comparator): boolean => c.regipyPlugins.some((p) => p.includes('shellbag')) || c.artifact === 'OpenSave';

/** Amcache, RecentDocs and OpenSave read regfexport's listing where regipy has no (working) plugin. */
const REGFEXPORT = toolGate('regfexport (apt-get install libregf-utils)', spawnSync('regfexport', ['-V'], { stdio: 'ignore' }).error === undefined);
const needsRegfexport = (c: Comparator): boolean => ['Amcache', 'RecentDocs', 'OpenSave'].includes(c.artifact);

/** Each hive's job (logs replayed) and regipy run once, with every comparator's plugins together (as the runner does). */
const runs = new Map<string, Promise<{ ours: Insight[]; ref: Record<string, unknown> }>>();
function run(hive: HiveUnderTest): Promise<{ ours: Insight[]; ref: Record<string, unknown> }> {
  const plugins = [...new Set(COMPARATORS.filter((c) => c.appliesTo(hive) && !(needsFwsi(c) && REGIPY_SHELLBAGS.skip)).flatMap((c) => c.regipyPlugins))];
  let p = runs.get(hive.label);
  if (!p) {
    p = (async () => ({ ours: await registryJob([hive.label, ...(LOGS.get(hive.label) ?? [])]), ref: await regipy(hive.label, ...plugins) }))();
    runs.set(hive.label, p);
  }
  return p;
}

/** The comparators written with log replay in mind (the runner covers the rest on primary files). */
const WITH_LOG_EXPLANATIONS = new Set(['Amcache', 'UserAssist', 'BAM', 'ShellBags', 'RecentDocs', 'OpenSave']);

describe.skipIf(REGIPY.skip)(
  `registry differential: Amcache and user activity with logs replayed vs regipy/regfexport ${REGIPY.skip ? REGIPY.reason : ''}`,
  () => {
    for (const comparator of COMPARATORS.filter((c) => WITH_LOG_EXPLANATIONS.has(c.artifact))) {
      const hives = HIVES.filter((h) => comparator.appliesTo(h));
      if (hives.length === 0) continue;
      it.skipIf((needsFwsi(comparator) && REGIPY_SHELLBAGS.skip) || (needsRegfexport(comparator) && REGFEXPORT.skip))(
        `${comparator.artifact}: every entry equal or explained on ${hives.length} dirty hive(s), logs replayed on our side`,
        async () => {
          for (const hive of hives) {
            const { ours, ref } = await run(hive);
            const result = comparator.compare(ours, ref, hive);
            expect(result.unexplained, `${comparator.artifact} on ${hive.label} (logs replayed)`).toEqual([]);
            expect(result.compared).toBe(result.equal + result.explained.length);
          }
        },
        300_000,
      );
    }
  },
);
