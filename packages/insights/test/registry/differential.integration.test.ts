import { beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../support/inputs.js';
import type { ArtifactComparison, HiveUnderTest } from './differential/comparator.js';
import { COMPARATORS } from './differential/index.js';
import { hivesUnder, runDifferential, totals } from './differential/runner.js';
import { REGIPY } from './support/reference.js';

/**
 * Every comparator over every sample hive it applies to (../shared/samples/registry), against
 * regipy: any difference nobody has explained fails. Our side runs the real registry job on the
 * hive alone (regipy does not replay logs: both read the same bytes).
 */
describe.skipIf(REGIPY.skip)(`registry differential vs regipy ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  let hives: HiveUnderTest[];
  let results: ArtifactComparison[];
  beforeAll(async () => {
    hives = (await hivesUnder(samplePath('registry'), '')).hives;
    results = await runDifferential(hives);
  }, 1_800_000);

  it('runs every comparator on every hive of its kind', () => {
    for (const c of COMPARATORS) {
      const want = hives
        .filter((h) => c.appliesTo(h))
        .map((h) => h.label)
        .sort();
      expect(
        results
          .filter((r) => r.artifact === c.artifact)
          .map((r) => r.hive)
          .sort(),
        c.artifact,
      ).toEqual(want);
    }
  });

  it('has no unexplained difference', () => {
    const unexplained = results.flatMap((r) => r.unexplained.map((u) => ({ artifact: r.artifact, hive: r.hive, ...u })));
    expect(unexplained).toEqual([]);
    for (const r of results) expect(r.equal + r.explained.length + r.unexplained.length, `${r.artifact} ${r.hive}`).toBe(r.compared);
  });

  it('compares real entries, not empty tables: SYSTEM_B ShimCache, services and USB devices, NTUSER run keys', () => {
    const t = new Map(totals(results).map((x) => [x.artifact, x]));
    // regipy decodes 279 timed ShimCache entries and 2 USBSTOR devices of SYSTEM_B; 7 Run values in the four NTUSER samples.
    expect(t.get('ShimCache')!.equal).toBeGreaterThanOrEqual(279);
    expect(t.get('USB devices')!.equal).toBe(2);
    expect(t.get('Run keys')!.equal).toBeGreaterThanOrEqual(7);
    expect(t.get('Services')!.equal).toBeGreaterThan(0);
  });
});
