import { mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { openHive } from '../src/index.js';
import { compareWithRegfexport } from './support/compare.js';
import { regfexport } from './support/regfexport.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';
import { hasPythonModule, hasTool, toolGate } from './support/tools.js';

const run = promisify(execFile);
const REPLAY = fileURLToPath(new URL('./support/regipy_replay.py', import.meta.url));
const gate = HAVE_SAMPLES
  ? toolGate('regipy (pip install regipy) and regfexport', hasPythonModule('regipy') && hasTool('regfexport'))
  : { skip: true, reason: NO_SAMPLES_REASON };

/**
 * Dirty hives after replay, against regipy's replay (dumped by regfexport). regipy writes every
 * HvLE entry of LOG2 and then of LOG1 whatever their sequence numbers, so it only agrees with a
 * sequence-ordered replay when LOG2 holds the older entries. That is the case for the Amcache hive;
 * OldDirtyHive uses the old (DIRT) format. For SYSTEM_B, transactions_NTUSER.DAT and UsrClass.dat
 * regipy writes older LOG1 entries over newer LOG2 ones and regfexport cannot read the result;
 * NewDirtyHive ends with LOG1's stale entry 2 on top (see README).
 */
const CASES = [
  {
    hive: 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve',
    logs: ['DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG1', 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG2'],
  },
  { hive: 'yarp/OldDirtyHive', logs: ['yarp/OldDirtyHive.LOG1'] },
];

describe.skipIf(gate.skip)(gate.skip ? `replay vs regipy (${gate.reason})` : 'replay vs regipy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-registry-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    test(c.hive, async () => {
      const restored = join(dir, c.hive.replaceAll('/', '_'));
      await run('python3', [REPLAY, sample(c.hive), restored, ...c.logs.map(sample)]);
      const ours = await openHive(sample(c.hive), { logs: c.logs.map(sample) });
      expect(ours.replay.applied).toBe(true);
      const result = compareWithRegfexport([...ours.walk()], await regfexport(restored));
      expect(result.mismatches).toEqual([]);
      expect(result.keys).toBeGreaterThan(0);
    });
  }
});
