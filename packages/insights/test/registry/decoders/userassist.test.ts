import { describe, expect, it } from 'vitest';
import { decodeUserAssist, rot13, userAssistName } from '../../../src/registry/decoders/userassist.js';

/**
 * Entries built from the documented layouts (regipy plugins/ntuser/user_assist.py structs
 * WIN_XP_USER_ASSIST and WIN7_USER_ASSIST; volatility3's userassist plugin has the same):
 * v3 (XP) 16 bytes = session u32 @0, count + 5 u32 @4, last run FILETIME @8;
 * v5 (7+) 72 bytes = session @0, run count @4, focus count @8, focus ms @12, 44 unknown bytes,
 * last run FILETIME @60, 4 zero bytes @68. The real v3 and v5 hives are compared with regipy in
 * differential-artifacts.integration.test.ts.
 */
// The last-run bytes of plaso/NTUSER.DAT's "UEME_RUNPIDL:%csidl2%\\MSN.lnk" (54 4b f6 d3 15 15 ca 01), which regipy shows as 2009-08-04 15:11:22.811068.
const FT_2009 = Buffer.from('544bf6d31515ca01', 'hex').readBigUInt64LE(0);
const NOW = Date.parse('2026-01-01T00:00:00Z');

function v3(count: number, ft: bigint): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(1, 0);
  b.writeUInt32LE(count, 4);
  b.writeBigUInt64LE(ft, 8);
  return b;
}

function v5(count: number, focus: number, ms: number, ft: bigint): Buffer {
  const b = Buffer.alloc(72);
  b.writeUInt32LE(0, 0);
  b.writeUInt32LE(count, 4);
  b.writeUInt32LE(focus, 8);
  b.writeUInt32LE(ms, 12);
  b.writeBigUInt64LE(ft, 60);
  return b;
}

describe('UserAssist entries by version', () => {
  it('v3: count minus 5 and the FILETIME at 8', () => {
    expect(decodeUserAssist(v3(19, FT_2009), 3, NOW)).toEqual({
      data: { version: 3, runCount: 14, focusCount: null, focusMs: null, lastRun: '2009-08-04T15:11:22.8110676Z' },
      bad: null,
    });
  });

  it('v5: run count, focus count, focus time and the FILETIME at 60', () => {
    expect(decodeUserAssist(v5(7, 12, 65_000, FT_2009), 5, NOW).data).toEqual({
      version: 5,
      runCount: 7,
      focusCount: 12,
      focusMs: 65_000,
      lastRun: '2009-08-04T15:11:22.8110676Z',
    });
  });

  it('a zero FILETIME is "never", not a time', () => {
    expect(decodeUserAssist(v5(0, 1, 10, 0n), 5, NOW).data?.lastRun).toBeNull();
  });

  it('without a Version value the size picks the layout', () => {
    expect(decodeUserAssist(v3(6, FT_2009), null, NOW).data?.version).toBe(3);
    expect(decodeUserAssist(v5(6, 0, 0, FT_2009), null, NOW).data?.version).toBe(5);
  });

  it("refuses data whose size does not fit the key's Version (a v5 entry read as v3 would show a garbage count and time)", () => {
    expect(decodeUserAssist(v5(6, 0, 0, FT_2009), 3, NOW)).toEqual({ data: null, bad: '72-byte data under Version 3, whose entries are 16 bytes' });
    expect(decodeUserAssist(v3(6, FT_2009), 5, NOW).bad).toBe('16-byte data under Version 5, whose entries are 72 bytes');
    expect(decodeUserAssist(Buffer.alloc(40), null, NOW).bad).toMatch(/fits neither layout/);
  });

  it('refuses a v3 count below its offset and times before 1980 or in the future', () => {
    expect(decodeUserAssist(v3(2, FT_2009), 3, NOW).bad).toBe('v3 count 2 is below its offset of 5');
    // 1970-01-01 as a FILETIME: 116444736000000000.
    expect(decodeUserAssist(v5(1, 0, 0, 116444736000000000n), 5, NOW).bad).toBe('time in 1970, before 1980-01-01');
    // 2030-01-01 (135379296000000000); "now" is 2026 here.
    expect(decodeUserAssist(v5(1, 0, 0, 135379296000000000n), 5, NOW).bad).toBe('time in 2030, after 2026-01-02 (the collection time + 1 day)');
  });
});

describe('UserAssist names', () => {
  it('ROT13 both ways', () => {
    expect(rot13('HRZR_EHACNGU:P:\\Cebtenz Svyrf')).toBe('UEME_RUNPATH:C:\\Program Files');
  });

  it('XP: the UEME kind moves out of the name and %csidlN% becomes the folder', () => {
    expect(userAssistName(rot13('UEME_RUNPIDL:%csidl2%\\MSN.lnk'))).toEqual({ item: 'Programs\\MSN.lnk', kind: 'UEME_RUNPIDL' });
    expect(userAssistName(rot13('UEME_RUNPATH:C:\\WINDOWS\\system32\\NOTEPAD.EXE'))).toEqual({
      item: 'C:\\WINDOWS\\system32\\NOTEPAD.EXE',
      kind: 'UEME_RUNPATH',
    });
    expect(userAssistName(rot13('UEME_RUNPATH'))).toEqual({ item: 'UEME_RUNPATH', kind: '' });
    expect(userAssistName(rot13('UEME_CTLCUACount:ctor'))).toEqual({ item: 'ctor', kind: 'UEME_CTLCUACount' });
    expect(userAssistName(rot13('UEME_RUNPIDL:%csidl99%\\x.lnk')).item).toBe('%csidl99%\\x.lnk');
  });

  it('7+: a known-folder GUID prefix becomes the folder', () => {
    expect(userAssistName(rot13('{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\cmd.exe'))).toEqual({ item: 'System32\\cmd.exe', kind: '' });
    expect(userAssistName(rot13('{0139D44E-6AFE-49F2-8690-3DAFCAE6FFB8}\\Accessories\\Paint.lnk')).item).toBe('Common Programs\\Accessories\\Paint.lnk');
  });
});
