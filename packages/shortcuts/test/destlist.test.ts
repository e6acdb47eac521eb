import { describe, expect, test } from 'vitest';
import { parseDestList, ShortcutError } from '../src/index.js';
import { readCompoundStreams } from '../src/jumplists/compound-file.js';
import { buildDestList, type BuiltEntry } from './helpers/destlist-builder.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, readSample } from './helpers/jumplist-samples.js';

const hex = (b: Uint8Array, from: number, size: number) => Buffer.from(b.subarray(from, from + size)).toString('hex');

/** A sample's DestList stream (the stream bytes themselves are compared with olecfexport in compound-file.integration.test.ts). */
function destListStream(name: string): Uint8Array {
  const stream = readCompoundStreams(readSample(name)).find((s) => s.path === 'DestList');
  if (!stream) throw new Error(`${name} has no DestList`);
  return stream.data;
}

describe.skipIf(!HAVE_JUMPLISTS)(HAVE_JUMPLISTS ? 'DestList version 4 (Windows 10), decoded by hand' : JUMPLISTS_SKIP, () => {
  const name = 'Win10/RathbunVM/f01b4d95cf55d32a.automaticDestinations-ms';

  test('header: offsets 0 version, 4 entries, 8 pinned, 16 last entry number', () => {
    const bytes = destListStream(name);
    expect(hex(bytes, 0, 32)).toBe('04000000' + '09000000' + '04000000' + '90c29242' + '09000000' + '00000000' + '0f000000' + '00000000');
    const { destList, warnings } = parseDestList(bytes);
    expect(warnings).toEqual([]);
    expect(destList).toMatchObject({ version: 4, entryCount: 9, pinnedCount: 4, lastEntryNumber: 9 });
    expect(destList.entries).toHaveLength(9);
  });

  test('entry 3 at stream offset 552 (0x228): a pinned known folder', () => {
    const bytes = destListStream(name);
    const at = 0x228;
    // +8 droid volume id (GUID, Data1-3 little-endian): a0eda9fe-dbef-4d91-bf7a-eabd0971f8df
    expect(hex(bytes, at + 8, 16)).toBe('fea9eda0efdb914dbf7aeabd0971f8df');
    // +24 droid file id: 1884d32b-86ba-11ec-9e53-ec63d7728336, version 1 (time-based) so its node ec63d7728336 is the MAC
    expect(hex(bytes, at + 24, 16)).toBe('2bd38418ba86ec119e53ec63d7728336');
    // +40, +56 birth droid volume and file ids: the same bytes (the file never moved)
    expect(hex(bytes, at + 40, 32)).toBe(hex(bytes, at + 8, 32));
    // +72 NetBIOS name, 16 bytes NUL-padded: "desktop-gnccvrk"
    expect(hex(bytes, at + 72, 16)).toBe(Buffer.from('desktop-gnccvrk\0').toString('hex'));
    // +88 entry number 1; +100 FILETIME 0x01d81b96a11ac354 = 2022-02-06 20:17:56.9359700 UTC (Python datetime, 1601 epoch)
    expect(hex(bytes, at + 88, 4)).toBe('01000000');
    expect(hex(bytes, at + 100, 8)).toBe('54c31aa1961bd801');
    // +108 pin position 0; +116 access count 6; +128 path size 0x32 = 50 characters; path at +130; 4 zero bytes at +230
    expect(hex(bytes, at + 108, 4)).toBe('00000000');
    expect(hex(bytes, at + 116, 4)).toBe('06000000');
    expect(hex(bytes, at + 128, 2)).toBe('3200');
    expect(hex(bytes, at + 230, 4)).toBe('00000000');

    const entry = parseDestList(bytes).destList.entries[2];
    expect(entry).toEqual({
      offset: 552,
      entryNumber: 1,
      streamName: '1',
      mruPosition: 2,
      hostname: 'desktop-gnccvrk',
      droidVolumeId: 'a0eda9fe-dbef-4d91-bf7a-eabd0971f8df',
      droidFileId: '1884d32b-86ba-11ec-9e53-ec63d7728336',
      birthDroidVolumeId: 'a0eda9fe-dbef-4d91-bf7a-eabd0971f8df',
      birthDroidFileId: '1884d32b-86ba-11ec-9e53-ec63d7728336',
      macAddress: 'ec:63:d7:72:83:36',
      lastAccess: '2022-02-06T20:17:56.9359700Z',
      pinned: 0,
      accessCount: 6,
      path: 'knownfolder:{754AC886-DF64-4CBA-86B5-F7FBF4FBCEF5}',
    });
    // The next entry starts right after the 4 trailing bytes: 552 + 130 + 100 + 4 = 786.
    expect(parseDestList(bytes).destList.entries[3]?.offset).toBe(786);
  });

  test('entry 1 at offset 32 of Notepad (5f7b5f1e01b83767): unpinned, last access at +100', () => {
    const bytes = destListStream('Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms');
    // +88 entry number 9; +100 FILETIME 0x01d81d2ca5e09125 = 2022-02-08 20:44:20.6154021 UTC;
    // +108 0xffffffff = unpinned; +116 access count 1; +128 path of 81 characters
    expect(hex(bytes, 32 + 88, 4)).toBe('09000000');
    expect(hex(bytes, 32 + 100, 8)).toBe('2591e0a52c1dd801');
    expect(hex(bytes, 32 + 108, 4)).toBe('ffffffff');
    expect(hex(bytes, 32 + 116, 4)).toBe('01000000');
    expect(hex(bytes, 32 + 128, 2)).toBe('5100');
    const entry = parseDestList(bytes).destList.entries[0]!;
    expect(entry).toMatchObject({
      entryNumber: 9,
      streamName: '9',
      mruPosition: 0,
      lastAccess: '2022-02-08T20:44:20.6154021Z',
      pinned: null,
      accessCount: 1,
      droidFileId: '972282d9-87d5-11ec-9e54-ec63d7728336',
      path: 'C:\\temp\\tout\\c\\ProgramData\\Microsoft\\search\\data\\applications\\windows\\Windows.edb',
    });
    expect(entry.path).toHaveLength(0x51);
  });

  test('a DestList cut inside an entry keeps the entries before it and warns', () => {
    const bytes = destListStream(name);
    const { destList, warnings } = parseDestList(bytes.subarray(0, 786 + 60));
    expect(destList.entries.map((e) => e.offset)).toEqual([32, 304, 552]);
    expect(warnings.map((w) => w.structure)).toEqual(['DestList entry 4', 'DestList header']);
    expect(warnings[0]).toMatchObject({ offset: 786 });
  });
});

const base: BuiltEntry = {
  droidVolume: '11111111-2222-4333-8444-555555555555',
  droidFile: 'b08b8b5e-4c0d-11e0-8f3a-000c29a1b2c3',
  birthVolume: '11111111-2222-4333-8444-555555555555',
  birthFile: 'b08b8b5e-4c0d-11e0-8f3a-000c29a1b2c3',
  hostname: 'win7-pc',
  entryNumber: 3,
  // 0x01cbf8e33a071b40 = 2011-04-12 07:28:32.5000000 UTC (Python datetime from the 1601 epoch)
  lastAccess: 0x01cbf8e33a071b40n,
  pin: -1,
  accessCount: 7,
  path: 'C:\\Users\\win7\\Documents\\report.docx',
};

describe('DestList versions the corpus lacks, built from the documented layout', () => {
  test('version 1 (Windows 7/8): path size at +112, path at +114, no access count, no trailer', () => {
    const second: BuiltEntry = { ...base, entryNumber: 2, pin: 0, droidFile: '4b6c1a2e-9d3f-4e51-a7b2-c3d4e5f60718', path: 'D:\\x' };
    const bytes = buildDestList(1, [base, second], 1);
    expect(bytes.length).toBe(32 + (114 + base.path.length * 2) + (114 + 4 * 2));
    const { destList, warnings } = parseDestList(bytes);
    expect(warnings).toEqual([]);
    expect(destList).toMatchObject({ version: 1, entryCount: 2, pinnedCount: 1, lastEntryNumber: 3 });
    expect(destList.entries[0]).toEqual({
      offset: 32,
      entryNumber: 3,
      streamName: '3',
      mruPosition: 0,
      hostname: 'win7-pc',
      droidVolumeId: base.droidVolume,
      droidFileId: base.droidFile,
      birthDroidVolumeId: base.birthVolume,
      birthDroidFileId: base.birthFile,
      macAddress: '00:0c:29:a1:b2:c3',
      lastAccess: '2011-04-12T07:28:32.5000000Z',
      pinned: null,
      accessCount: null,
      path: base.path,
    });
    // A version 4 GUID (random) carries no MAC.
    expect(destList.entries[1]).toMatchObject({ offset: 32 + 114 + base.path.length * 2, entryNumber: 2, pinned: 0, macAddress: null, path: 'D:\\x' });
  });

  test('version 3 (early Windows 10) reads like version 4', () => {
    const { destList, warnings } = parseDestList(buildDestList(3, [{ ...base, entryNumber: 0x1a }]));
    expect(warnings).toEqual([]);
    expect(destList.entries[0]).toMatchObject({
      entryNumber: 26,
      streamName: '1a',
      accessCount: 7,
      path: base.path,
      lastAccess: '2011-04-12T07:28:32.5000000Z',
    });
  });

  test('an unknown version is read with the nearest layout and warned about', () => {
    const { destList, warnings } = parseDestList(buildDestList(5, [base]));
    expect(destList.entries[0]?.path).toBe(base.path);
    expect(warnings).toEqual([expect.objectContaining({ structure: 'DestList header', offset: 0 })]);
  });

  test('a header cut short is a ShortcutError DESTLIST with its offset and sizes', () => {
    const error = (() => {
      try {
        parseDestList(buildDestList(4, [base]).subarray(0, 20));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ShortcutError);
    expect(error).toMatchObject({ format: 'DESTLIST', structure: 'DestList header', offset: 0, needed: 32, available: 20 });
  });

  test('a declared count that disagrees with the entries present is a warning', () => {
    const bytes = buildDestList(4, [base]);
    new DataView(bytes.buffer).setUint32(4, 5, true);
    const { destList, warnings } = parseDestList(bytes);
    expect(destList.entries).toHaveLength(1);
    expect(warnings).toEqual([{ structure: 'DestList header', offset: 4, message: 'header declares 5 entries, 1 read' }]);
  });
});
