import { describe, expect, it } from 'vitest';
import { amcacheTraces } from '../../../src/registry/application-data/amcache.js';
import { builtHive } from '../support/built-hive.js';

/**
 * Amcache refusals. Both forms are compared entry by entry with regipy and regfexport on the real
 * Windows 2012 R2 (Root\File), 10 and 11 (Inventory*) hives in differential-artifacts.integration.test.ts;
 * here the old form's numbered values are built (regipy plugins/amcache: 15 full path, 17 last
 * modified REG_QWORD FILETIME, 101 SHA-1 after "0000") to pin what is refused.
 */
const FILE = 'Root\\File\\{a7f6108c-f8fd-11ea-80b5-806e6f6e6963}\\1000015114';
const SHA1 = '238912b70c90d73028c2a01763c642e5a456beef';

function traces(values: Record<string, string | bigint>): { details: string[]; notes: string[] } {
  const notes: string[] = [];
  const hive = builtHive('Amcache.hve', [{ path: 'Root\\File\\{a7f6108c-f8fd-11ea-80b5-806e6f6e6963}' }, { path: FILE, values }]);
  return { details: amcacheTraces(hive, (n) => notes.push(n)).map((t) => `${t.source}|${t.item}|${t.details}`), notes };
}

describe('Amcache Root\\File (Windows 8 / 2012 / early 10)', () => {
  it('path, product, company, SHA-1 without its 0000 prefix and the last-modified FILETIME', () => {
    // 132219052599954232 = 2019-12-27 07:27:39.995 UTC (the sample's first entry; regipy shows the same).
    const got = traces({ 15: 'C:\\x\\vsocklib_x64.dll', 0: 'VMware Tools', 1: 'VMware, Inc.', 101: `0000${SHA1}`, 17: 132219052599954232n });
    expect(got).toEqual({
      details: [`Amcache File|C:\\x\\vsocklib_x64.dll|product VMware Tools; company VMware, Inc.; SHA1 ${SHA1}; modified 2019-12-27 07:27:39 UTC`],
      notes: [],
    });
  });

  it('refuses a SHA-1 that is not 0000 + 40 hex digits and a time before 1980; the entry stays with what is sound', () => {
    const got = traces({ 15: 'C:\\y.exe', 101: '00001234', 17: 100n });
    expect(got.details).toEqual(['Amcache File|C:\\y.exe|']);
    expect(got.notes).toEqual([
      `${FILE}\\17: time in 1601, before 1980-01-01; not shown`,
      `${FILE}\\101: "00001234" is not 0000 + a 40-digit SHA-1; not shown`,
    ]);
  });
});
