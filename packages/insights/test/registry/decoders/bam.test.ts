import { describe, expect, it } from 'vitest';
import { bamEntries } from '../../../src/registry/user-activity/bam.js';
import { builtHive, filetimeBytes } from '../support/built-hive.js';

/**
 * BAM/DAM in each key location. The public SYSTEM_B sample has only bam\UserSettings (1709-1803);
 * no public hive holds bam\State\UserSettings (1809+) or dam, so those are built here from the
 * documented layout (regipy plugins/system/bam.py; Velociraptor Windows.Forensics.Bam): under each
 * user SID, one binary value per program path whose data starts with the last run FILETIME (24
 * bytes in all: FILETIME, then 16 zero bytes), beside DWORDs SequenceNumber and Version.
 */
const SID = 'S-1-5-21-1111111111-2222222222-3333333333-1001';
const PROGRAM = '\\Device\\HarddiskVolume2\\Windows\\System32\\cmd.exe';
const entry = (iso: string): Buffer => Buffer.concat([filetimeBytes(iso), Buffer.alloc(16)]);

function system(root: string, data: Buffer): ReturnType<typeof builtHive> {
  return builtHive('SYSTEM', [
    { path: 'Select', values: { Current: 1 } },
    { path: `ControlSet001\\Services\\${root}\\${SID}`, values: { SequenceNumber: 9, Version: 1, [PROGRAM]: data } },
  ]);
}

describe('BAM/DAM key locations', () => {
  for (const root of ['bam\\UserSettings', 'bam\\State\\UserSettings', 'dam\\UserSettings', 'dam\\State\\UserSettings']) {
    it(`${root}: program and last run per SID`, () => {
      const notes: string[] = [];
      const got = bamEntries(system(root, entry('2021-03-04T05:06:07.123Z')), (n) => notes.push(n));
      expect(got.map((e) => [e.sid, e.program, e.lastRun])).toEqual([[SID, PROGRAM, '2021-03-04T05:06:07.1230000Z']]);
      expect(notes).toEqual([]);
    });
  }

  it('refuses a time before 1980 and data too short for a FILETIME, with a note each', () => {
    const notes: string[] = [];
    expect(bamEntries(system('bam\\State\\UserSettings', entry('1975-01-01T00:00:00Z')), (n) => notes.push(n))).toEqual([]);
    expect(bamEntries(system('bam\\State\\UserSettings', Buffer.alloc(4)), (n) => notes.push(n))).toEqual([]);
    expect(notes).toEqual([
      `BAM/DAM ControlSet001\\Services\\bam\\State\\UserSettings\\${SID}\\${PROGRAM}: time in 1975, before 1980-01-01; not shown`,
      `BAM/DAM ControlSet001\\Services\\bam\\State\\UserSettings\\${SID}\\${PROGRAM}: FILETIME at 0 is past the data's end (4 bytes); not shown`,
    ]);
  });
});
