import { beforeAll, describe, expect, it } from 'vitest';
import type { ArtifactComparison } from './differential/comparator.js';
import { cachedCorpus, REGPARSER } from './differential/corpora.js';
import { compareShimValues } from './differential/shim-values.js';
import { REGIPY } from './support/reference.js';

const dir = cachedCorpus(REGPARSER);
const skip = REGIPY.skip || dir === null;
const why = REGIPY.skip
  ? REGIPY.reason
  : dir === null
    ? `skipped: ${REGPARSER.module}@${REGPARSER.version} is not cached (npm run bench:registry-diff fetches it)`
    : '';

/**
 * Real AppCompatCache values of every layout a public sample exists for (Eric Zimmerman's test
 * values, shipped in Velocidex regparser's Go module): each recognised as its layout and decoded
 * entry by entry as regipy's ShimCacheParser decodes it, or the difference explained.
 */
describe.skipIf(skip)(`AppCompatCache real values vs regipy ${why}`, () => {
  let results: ArtifactComparison[];
  let formats: Map<string, string>;
  beforeAll(async () => {
    ({ comparisons: results, formats } = await compareShimValues(`${dir!}/appcompatcache/test_data`, ''));
  }, 300_000);

  it('recognises each value by its signature and entry size', () => {
    expect(Object.fromEntries(formats)).toEqual({
      'WinXPx86.bin': 'Windows XP, 32-bit entries',
      'Win2k8Standard.bin': 'Windows Vista / Server 2008, 64-bit entries',
      'win7x86.bin': 'Windows 7 / Server 2008 R2, 32-bit entries',
      'win7x64.bin': 'Windows 7 / Server 2008 R2, 64-bit entries',
      'Win80.bin': 'Windows 8.0 / Server 2012',
      'Win81.bin': 'Windows 8.1 / Server 2012 R2',
      'Win10.bin': 'Windows 10 / 11 / Server 2016+ (48-byte header)',
      'Win10Creators.bin': 'Windows 10 1703+ / 11 / Server 2019+ (52-byte header)',
    });
  });

  it('decodes every entry as regipy does, every difference explained (the 32-bit Windows 7 value included)', () => {
    expect(results.flatMap((r) => r.unexplained.map((u) => ({ value: r.hive, ...u })))).toEqual([]);
    const byValue = new Map(results.map((r) => [r.hive, r]));
    // Entries regipy decodes on these values (counted by regipy itself): all equal to ours.
    expect(byValue.get('win7x86.bin')!.equal).toBe(91);
    expect(byValue.get('win7x64.bin')!.equal).toBe(304);
    expect(byValue.get('WinXPx86.bin')!.equal).toBe(17);
  });
});
