import { expect, it } from 'vitest';
import { LOLBAS_NAMES, lolbasFacts } from '../../src/common/lolbas-catalog.js';
import { LOLBINS } from '../../src/common/lolbins.js';

it('the LOLBAS catalog and the L2 list name the same binaries', () => {
  expect([...LOLBAS_NAMES].sort()).toEqual([...LOLBINS].sort());
});

it('gives each binary its LOLBAS functions and folders', () => {
  expect(lolbasFacts('regsvr32')).toEqual({ functions: ['AWL Bypass', 'Execute'], folders: ['\\WINDOWS\\SYSTEM32\\', '\\WINDOWS\\SYSWOW64\\'] });
  // "no default" in LOLBAS: no folder.
  expect(lolbasFacts('procdump')?.folders).toEqual([]);
  expect(lolbasFacts('calc')).toBeNull();
});
