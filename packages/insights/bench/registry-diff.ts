/**
 * npm run bench:registry-diff — every registry comparator (test/registry/differential) over every
 * sample hive and every hive of the public corpora reachable through a package registry, plus the
 * raw AppCompatCache values of those corpora, against regipy. Prints the totals per artifact
 * (hives, entries compared, equal, explained, unexplained) and every unexplained difference.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sharedPath } from '@quarry/testkit';
import type { ArtifactComparison, HiveUnderTest } from '../test/registry/differential/comparator.js';
import { CORPORA, fetchCorpus, UNOBTAINABLE } from '../test/registry/differential/corpora.js';
import { hiveUnderTest, hivesUnder, runDifferential, totals } from '../test/registry/differential/runner.js';
import { compareShimValues } from '../test/registry/differential/shim-values.js';

const hives: HiveUnderTest[] = [];
const samples = sharedPath('samples/registry');
if (existsSync(samples)) {
  const found = await hivesUnder(samples, 'samples/');
  hives.push(...found.hives);
  for (const s of found.skipped) console.log(`skipped ${s.label}: ${s.reason}`);
} else console.log(`no samples at ${samples}`);

const results: ArtifactComparison[] = [];
for (const corpus of CORPORA) {
  const dir = await fetchCorpus(corpus);
  console.log(`corpus ${corpus.name}: ${corpus.module}@${corpus.version} (zip SHA-256 ${corpus.zipSha256} verified) in ${dir}`);
  for (const rel of corpus.hives) {
    hives.push(await hiveUnderTest(join(dir, rel), `${corpus.name}/${rel}`));
  }
  for (const folder of corpus.shimValues) results.push(...(await compareShimValues(join(dir, folder), `${corpus.name}/${folder}/`)).comparisons);
}
for (const u of UNOBTAINABLE) console.log(`not obtainable: ${u.name}: ${u.why}`);

const started = performance.now();
results.push(...(await runDifferential(hives)));
console.log(
  `\n${hives.length} hives (${hives.filter((h) => h.label.startsWith('samples/')).length} samples), ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const rows = totals(results);
// The "all" row counts each hive (or raw value) once, however many artifacts were compared on it.
const all = rows.reduce(
  (a, r) => ({
    ...a,
    compared: a.compared + r.compared,
    equal: a.equal + r.equal,
    explained: a.explained + r.explained,
    unexplained: a.unexplained + r.unexplained,
  }),
  { artifact: 'all', hives: new Set(results.map((r) => r.hive)).size, compared: 0, equal: 0, explained: 0, unexplained: 0 },
);
console.log(
  `\n${'artifact'.padEnd(24)} ${'hives'.padStart(6)} ${'compared'.padStart(9)} ${'equal'.padStart(7)} ${'explained'.padStart(10)} ${'unexplained'.padStart(12)}`,
);
for (const r of [...rows, all])
  console.log(
    `${r.artifact.padEnd(24)} ${String(r.hives).padStart(6)} ${String(r.compared).padStart(9)} ${String(r.equal).padStart(7)} ${String(r.explained).padStart(10)} ${String(r.unexplained).padStart(12)}`,
  );

const reasons = new Map<string, number>();
for (const r of results)
  for (const e of r.explained) {
    const k = `${r.artifact}: ${e.why.replace(/\d{4}-\d{2}-\d{2} [\d:.]+ UTC/g, '<time>').replace(/\d+-character/, 'N-character')}`;
    reasons.set(k, (reasons.get(k) ?? 0) + 1);
  }
console.log('\nexplained, by reason:');
for (const [why, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(6)}  ${why.slice(0, 220)}`);
const notes = results.flatMap((r) => (r.notes ?? []).map((n) => `${r.artifact} ${r.hive}: ${n.why}`));
if (notes.length > 0) console.log(`\nnotes on the reference (not entries):\n${notes.map((n) => `  ${n.slice(0, 220)}`).join('\n')}`);
const unexplained = results.flatMap((r) => r.unexplained.map((u) => ({ artifact: r.artifact, hive: r.hive, ...u })));
if (unexplained.length > 0) {
  console.log('\nunexplained:');
  for (const u of unexplained) console.log(JSON.stringify(u).slice(0, 600));
  process.exitCode = 1;
}
