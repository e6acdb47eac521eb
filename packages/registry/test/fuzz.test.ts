import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { exercise, loadTarget, mutated, type Crasher, type FuzzTarget } from './support/fuzz-harness.js';
import { randomMutations, rng } from './support/mutate.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON } from './support/shared.js';

/** Bounded for CI; REGISTRY_FUZZ_ITERATIONS raises it for longer runs (see scripts in README). */
const ITERATIONS = Number(process.env.REGISTRY_FUZZ_ITERATIONS ?? 120);
const SEED = Number(process.env.REGISTRY_FUZZ_SEED ?? 20261121);
/** Any single input must finish well within this, or the parser is at risk of hanging. */
const MAX_MS_PER_CASE = 3000;

const TARGETS: FuzzTarget[] = [
  { hive: 'regipy/SAM', logs: [], mutate: 'hive' },
  { hive: 'EricZimmerman-Registry/UsrClassDeletedBags.dat', logs: [], mutate: 'hive' },
  { hive: 'regf-samples/SOFTWARE', logs: [], mutate: 'hive' },
  { hive: 'yarp/NewDirtyHive', logs: ['yarp/NewDirtyHive.LOG1', 'yarp/NewDirtyHive.LOG2'], mutate: 'hive' },
  { hive: 'yarp/NewDirtyHive', logs: ['yarp/NewDirtyHive.LOG1', 'yarp/NewDirtyHive.LOG2'], mutate: 1 },
  { hive: 'yarp/OldDirtyHive', logs: ['yarp/OldDirtyHive.LOG1'], mutate: 0 },
  { hive: 'dfwinreg/SECURITY', logs: [], mutate: 'hive' },
];

const CRASHER_DIR = fileURLToPath(new URL('./fixtures/crashers/', import.meta.url));

describe.skipIf(!HAVE_SAMPLES)(`fuzzing${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  for (const [i, target] of TARGETS.entries()) {
    const what = target.mutate === 'hive' ? target.hive : target.logs[target.mutate]!;
    test(
      `mutated ${what}: only RegistryError escapes, each case bounded in time (${ITERATIONS} cases)`,
      { timeout: Math.max(120_000, ITERATIONS * 400) },
      async () => {
        const inputs = await loadTarget(target);
        const failures: Crasher[] = [];
        let slowest = 0;
        for (let n = 0; n < ITERATIONS; n++) {
          const seed = SEED + i * 1_000_003 + n;
          const len = target.mutate === 'hive' ? inputs.hive.length : inputs.logs[target.mutate]!.data.length;
          // Half the cases aim at the first 64 KiB, where base block, root and most lists sit.
          const rand = rng(seed);
          const muts = randomMutations(len, rand, rand() < 0.5 ? { start: 0, end: 65536 } : undefined);
          const started = performance.now();
          const error = exercise(mutated(target, inputs, muts));
          slowest = Math.max(slowest, performance.now() - started);
          if (error) failures.push({ target, seed, mutations: muts, error });
        }
        // A failure prints its recipe: save it under fixtures/crashers/ to keep it as a regression case.
        expect(failures.map((f) => JSON.stringify(f))).toEqual([]);
        expect(slowest).toBeLessThan(MAX_MS_PER_CASE);
      },
    );
  }

  const crashers = existsSync(CRASHER_DIR) ? readdirSync(CRASHER_DIR).filter((f) => f.endsWith('.json')) : [];
  test.skipIf(crashers.length === 0).each(crashers)('kept crasher %s stays fixed', async (file) => {
    const c = JSON.parse(readFileSync(`${CRASHER_DIR}${file}`, 'utf8')) as Crasher;
    const inputs = await loadTarget(c.target);
    expect(exercise(mutated(c.target, inputs, c.mutations))).toBeNull();
  });
});
