/**
 * On-demand fuzz campaign (npm run fuzz -w @quarry/shortcuts): mutates every sample link
 * FUZZ_ITERATIONS times with seed FUZZ_SEED, keeps any crasher under test/fixtures/crashers/
 * (replayed by fuzz.integration.test.ts) and exits 1 if it found one.
 */
import { fuzz, saveCrasher } from './helpers/fuzz.js';
import { HAVE_SAMPLES, linkSamples, SKIP_REASON } from './helpers/samples.js';

if (!HAVE_SAMPLES) {
  console.error(SKIP_REASON);
  process.exit(1);
}
const iterations = Number(process.env.FUZZ_ITERATIONS ?? 200);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e9);
const seeds = linkSamples();
const started = performance.now();
const { runs, rejected, failures } = fuzz(seeds, iterations, seed);
for (const f of failures) console.log(`crasher ${saveCrasher(f.input)} from ${f.seed}#${f.iteration}: ${f.reason.split('\n')[0]}`);
console.log(
  `seed ${seed}: ${runs} parses of ${seeds.length} seeds in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `${rejected} rejected with ShortcutError, ${failures.length} crashers`,
);
process.exit(failures.length > 0 ? 1 : 0);
