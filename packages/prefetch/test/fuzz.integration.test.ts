import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decompressMam, isMam, parsePrefetch, PrefetchError } from '../src/index.js';
import { CRASHERS_DIR, FUZZ_MAX_DECOMPRESSED, fuzz, saveCrasher } from './helpers/fuzz.js';
import { HAVE_SAMPLES, PREFETCH_DIR, withSamples } from './helpers/shared.js';

/** Small seeds of every version, compressed and plain, so a bounded run covers every parser. */
const SEEDS = [
  'Windows-Prefetch-Parser/XPPro/CALC.EXE-02CD573A.pf',
  'Windows-Prefetch-Parser/Vista/CMD.EXE-89305D47.pf',
  'Windows-Prefetch-Parser/Win7/DCODEDCODEDCODEDCODEDCODEDCOD-9054DA3F.pf',
  'DFIRArtifactMuseum/Win81Update_RathbunVM/CMD.EXE-89305D47.pf',
  'Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf',
  'DFIRArtifactMuseum/Win11_RathbunVM/Op-MSEDGE.EXE-37D25F9A-00000001.pf',
  'plaso/AM_DELTA_PATCH_1.443.990.0.EX-7037CF86.pf',
  'artemis/bad_data/malformed.pf',
];
const ITERATIONS = Number(process.env.QUARRY_FUZZ_ITERATIONS ?? 150);

function seeds() {
  return SEEDS.flatMap((name) => {
    const bytes = new Uint8Array(readFileSync(join(PREFETCH_DIR, name)));
    // For MAM files fuzz both the compressed stream and the SCCA data inside it.
    return isMam(bytes)
      ? [
          { name, bytes },
          { name: `${name} (decompressed)`, bytes: decompressMam(bytes).data },
        ]
      : [{ name, bytes }];
  });
}

describe.skipIf(!HAVE_SAMPLES)(withSamples('fuzzing mutated real files'), () => {
  test(`${ITERATIONS} mutants per seed: only PrefetchError escapes, no parse is slow`, () => {
    const s = seeds();
    const { runs, rejected, failures } = fuzz(s, ITERATIONS, Number(process.env.QUARRY_FUZZ_SEED ?? 1));
    const kept = failures.map((f) => `${saveCrasher(f.input)} from ${f.seed}#${f.iteration}: ${f.reason.split('\n')[0]}`);
    expect(kept).toEqual([]);
    expect(runs).toBe(s.length * ITERATIONS);
    // Mutants must reach past the signature checks, or the run tests nothing.
    expect(rejected).toBeLessThan(runs * 0.8);
  });
});

const crashers = readdirSync(CRASHERS_DIR).filter((f) => f.endsWith('.bin'));
describe.skipIf(crashers.length === 0)(`kept crashers${crashers.length === 0 ? ' (skipped: none found by any fuzz run yet)' : ''}`, () => {
  test.each(crashers)('%s parses or throws PrefetchError', (file) => {
    const input = new Uint8Array(readFileSync(join(CRASHERS_DIR, file)));
    try {
      const r = parsePrefetch(input, { maxDecompressedSize: FUZZ_MAX_DECOMPRESSED });
      expect(r.version).toBeGreaterThan(0);
    } catch (error) {
      expect(error).toBeInstanceOf(PrefetchError);
    }
  });
});
